import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { TileMap } from './tile-map';

function renderMap() {
  return renderWithProviders(
    <TileMap
      location={[52.46, 14.86]}
      zoom={12}
      tilesUrl="https://tiles.example/{z}/{x}/{y}.png"
      attribution="© Map <data> & co"
      label="Map showing where the guesthouse is"
      placeName="Spa & Wellness Guesthouse"
      zoomInLabel="Zoom in"
      zoomOutLabel="Zoom out"
    />,
    { locale: 'en_GB' },
  );
}

describe('TileMap (Leaflet)', () => {
  it('draws the configured tiles at zoom 12 around the guesthouse, with its pin', () => {
    renderMap();
    const map = screen.getByRole('region', { name: 'Map showing where the guesthouse is' });
    expect(map.classList.contains('leaflet-container')).toBe(true);
    const tiles = [...map.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((tile) => tile.src);
    expect(tiles.length).toBeGreaterThan(0);
    // The zoom 12 tile that holds 52.46 N, 14.86 E: x = 2217, y = 1344.
    expect(tiles).toContain('https://tiles.example/12/2217/1344.png');
    for (const tile of tiles) expect(tile).toMatch(/^https:\/\/tiles\.example\/12\/\d+\/\d+\.png$/);
    expect(map.querySelector('.contact-map__pin')?.getAttribute('title')).toBe('Spa & Wellness Guesthouse');
  });

  it('names its zoom buttons in the page language and shows the attribution as text', () => {
    renderMap();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeTruthy();
    const attribution = document.querySelector('.leaflet-control-attribution');
    expect(attribution?.textContent).toContain('© Map <data> & co');
  });

  it('takes its map down when it leaves the page', () => {
    const { unmount } = renderMap();
    unmount();
    expect(document.querySelector('.leaflet-container')).toBeNull();
  });
});
