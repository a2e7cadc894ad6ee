import { useState } from 'react';

import { ModalDialog } from './modal-dialog';

/** Where a YouTube video plays without YouTube's tracking cookies. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

export const videoEmbedUrl = (videoId: string) => `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}`;

type VideoModalProps = {
  videoId: string;
  /** The dialog's title and the frame's accessible name: what the video is. */
  title: string;
  closeLabel: string;
  onClose: () => void;
};

/**
 * The video modal (spec 2.5, "embed by id"): a YouTube video by its id in a
 * labelled frame. The frame exists only while the modal is open, so nothing
 * is fetched before; closing it (the button, Escape) stops the video and
 * focus goes back to what opened it.
 */
export function VideoModal({ videoId, title, closeLabel, onClose }: VideoModalProps) {
  return (
    <ModalDialog className="video-modal" title={title} onEscape={onClose}>
      <button type="button" className="button button--small video-modal__close" onClick={onClose}>
        {closeLabel}
      </button>
      <div className="video-modal__frame">
        <iframe
          src={videoEmbedUrl(videoId)}
          title={title}
          allow="encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          // In the dialog's Tab order (its focus trap counts it).
          tabIndex={0}
        />
      </div>
    </ModalDialog>
  );
}

type VideoButtonProps = Omit<VideoModalProps, 'onClose'> & {
  /** The button's text, e.g. "Watch the film". */
  label: string;
  className?: string;
};

/** A button that opens a video in the video modal. */
export function VideoButton({ label, className = 'button', ...video }: VideoButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && <VideoModal {...video} onClose={() => setOpen(false)} />}
    </>
  );
}
