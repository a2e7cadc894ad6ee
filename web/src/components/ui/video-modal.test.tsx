import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { VideoButton, videoEmbedUrl } from './video-modal';

function renderButton(videoId = 'spaFilm_01') {
  render(<VideoButton videoId={videoId} label="Watch the film" title="The guesthouse on film" closeLabel="Close" />);
  return { user: userEvent.setup(), button: screen.getByRole('button', { name: 'Watch the film' }) };
}

describe('VideoButton and VideoModal', () => {
  it('creates no frame before the modal opens (nothing is fetched)', () => {
    const { button } = renderButton();
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('opens a labelled modal with the video by its id from youtube-nocookie.com, focus on "close"', async () => {
    const { user, button } = renderButton();
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'The guesthouse on film' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const frame = dialog.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/spaFilm_01');
    expect(frame?.getAttribute('title')).toBe('The guesthouse on film');
    expect(frame?.hasAttribute('allowfullscreen')).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
  });

  it('counts the player in the dialog’s Tab cycle', async () => {
    const { user, button } = renderButton();
    await user.click(button);
    const dialog = screen.getByRole('dialog');
    // From "close", the first of the two, Shift+Tab goes round to the player, not out of the dialog.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(dialog.querySelector('iframe'));
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['"close"', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' }))],
  ])('closes with %s: the frame goes (the video stops) and focus returns to the button', async (_how, close) => {
    const { user, button } = renderButton();
    await user.click(button);
    await close(user);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('puts the id into the address as one path segment', () => {
    expect(videoEmbedUrl('a/b?c=1')).toBe('https://www.youtube-nocookie.com/embed/a%2Fb%3Fc%3D1');
  });
});
