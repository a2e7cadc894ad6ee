import { lazy, Suspense, type ComponentType } from 'react';

import { StatusMessage } from '@/components/ui/status-message';
import { contactMap, locationOf, mapSearchHref } from '@/config/guesthouse';
import type { TileMapProps } from '@/features/contact/components/tile-map';
import { mapTiles } from '@/features/contact/utils/map-tiles';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { withTimeout } from '@/lib/with-timeout';
import type { Guesthouse } from '@/types/api';

/** Where the guesthouse is, without a map of our own: the address and a link to a public map. */
function StaticMap({ guesthouse }: { guesthouse: Guesthouse }) {
  const { t } = useI18n();
  return (
    <div className="contact-map contact-map--static" data-testid="static-map">
      <p className="contact-map__address">
        {guesthouse.street}, {guesthouse.postcode} {guesthouse.city}, {guesthouse.country}
      </p>
      <a href={mapSearchHref(locationOf(guesthouse))} target="_blank" rel="noopener noreferrer">
        {t('contact.map.open')} <span className="sr-only">{t('contact.newWindow')}</span>
      </a>
    </div>
  );
}

/** Leaflet's chunk; should it not come, the static map stands in (the map is an extra). */
const TileMap = lazy(async (): Promise<{ default: ComponentType<TileMapProps & { guesthouse: Guesthouse }> }> => {
  try {
    const { TileMap: Component } = await withTimeout(() => import('@/features/contact/components/tile-map'));
    return { default: Component };
  } catch {
    return { default: StaticMap };
  }
});

type Props = {
  guesthouse: Guesthouse;
  /** The contact page's zoom, or the closer one beside the location page's text. */
  zoom?: number;
};

/**
 * A map of where the guesthouse is, drawn from the tiles the page names,
 * loaded only then (with its library); without tiles the address and a link
 * to a public map, and no tile is asked for.
 */
export function ContactMap({ guesthouse, zoom = contactMap.zoom }: Props) {
  const { t } = useI18n();
  const tiles = mapTiles();
  if (!tiles) return <StaticMap guesthouse={guesthouse} />;
  return (
    <div className="contact-map">
      <Suspense fallback={<StatusMessage kind="loading">{t('contact.map.loading')}</StatusMessage>}>
        <TileMap
          guesthouse={guesthouse}
          location={locationOf(guesthouse)}
          zoom={zoom}
          tilesUrl={tiles.url}
          attribution={tiles.attribution}
          label={t('contact.map.label')}
          placeName={guesthouse.name}
          zoomInLabel={t('contact.map.zoomIn')}
          zoomOutLabel={t('contact.map.zoomOut')}
        />
      </Suspense>
    </div>
  );
}
