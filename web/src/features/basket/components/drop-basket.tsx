import { useEffect, useId, useRef, useState } from 'react';

import { useDropCart } from '@/features/basket/api/drop-cart';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';

type Props = {
  /** Lines in the basket, said in the question. */
  count: number;
  /** Changes still on their way: none is dropped beside one. */
  busy: boolean;
  /** Where focus goes once the basket is gone (the page heading). */
  onDropped: () => void;
};

/**
 * "Empty the basket" (spec 4, `DELETE /carts/{token}`), asked once more
 * before every line goes: the question, then "empty it" or "keep them".
 * Focus moves to the question's first answer and back to the button when
 * the guest keeps the basket.
 */
export function DropBasket({ count, busy, onDropped }: Props) {
  const { t } = useI18n();
  const questionId = useId();
  const drop = useDropCart();
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const open = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (wasAsking.current) open.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button ref={open} type="button" className="button button--link basket__drop" disabled={busy} onClick={() => setAsking(true)}>
        {t('basket.drop.open')}
      </button>
    );
  }
  return (
    <div className="basket__drop-confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId}>{t('basket.drop.question', { count })}</p>
      <div className="basket__drop-actions">
        <button
          ref={confirm}
          type="button"
          className="button button--danger"
          disabled={busy || drop.isPending}
          onClick={() =>
            // The promise, not mutate's callbacks: this part is gone with the basket by then.
            void drop.mutateAsync().then(
              () => {
                notifications.notify('success', t('basket.drop.done'));
                onDropped();
              },
              // The failure has been notified with the server's words; the basket stays.
              () => undefined,
            )
          }
        >
          {drop.isPending ? t('basket.drop.busy') : t('basket.drop.confirm')}
        </button>
        <button type="button" className="button" disabled={drop.isPending} onClick={() => setAsking(false)}>
          {t('basket.drop.keep')}
        </button>
      </div>
    </div>
  );
}
