import { useState } from 'react';

import defaultThumbnail from '@/assets/default-thumbnail.svg';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { ProductImage } from '@/types/api';

type Props = { images: ProductImage[]; name: string };

/** The product's images: one large, the others as buttons that show them. */
export function ProductGallery({ images, name }: Props) {
  const { t } = useI18n();
  const [selected, setSelected] = useState(0);
  const current = images[selected] ?? images[0];

  return (
    <div className="gallery">
      <img
        className="gallery__main"
        src={current?.path ?? defaultThumbnail}
        alt={images.length > 1 ? t('product.imageOf', { name, index: selected + 1, count: images.length }) : name}
        width={800}
        height={600}
      />
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label={t('product.gallery')}>
          {images.map((image, index) => (
            <li key={`${image.path}-${index}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={index === selected}
                aria-label={t('product.showImage', { index: index + 1, count: images.length })}
                onClick={() => setSelected(index)}
              >
                <img src={image.thumbnails?.default_listing ?? image.path} alt="" width={120} height={90} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
