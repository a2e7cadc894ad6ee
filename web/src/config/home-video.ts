/**
 * The guesthouse's film, offered on the home page ("watch the film", spec
 * 2.5 "video modal (embed by id)"): the id of a YouTube video, set at build
 * time with `VITE_HOME_VIDEO_ID`. Without one the home page offers no film.
 *
 * The video plays from youtube-nocookie.com in a frame that exists only while
 * the modal is open, so nothing is asked of YouTube before the visitor opens
 * it. The gateway's Content-Security-Policy must allow that frame:
 * `frame-src https://www.youtube-nocookie.com` (its default allows none).
 */
export const HOME_VIDEO_ID: string = import.meta.env.VITE_HOME_VIDEO_ID?.trim() ?? '';
