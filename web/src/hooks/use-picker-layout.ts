import { useSyncExternalStore } from 'react';

import { DATE_PICKER_PHONE_MAX_WIDTH, DATE_PICKER_TWO_MONTHS_MIN_WIDTH } from '@/config/constants';
import { pickerLayout, type PickerLayout } from '@/utils/date-range';

const QUERIES = [
  `(min-width: ${DATE_PICKER_TWO_MONTHS_MIN_WIDTH}px)`,
  `(min-width: ${DATE_PICKER_PHONE_MAX_WIDTH + 1}px)`,
];

function snapshot(): PickerLayout {
  if (typeof window.matchMedia !== 'function') return pickerLayout(window.innerWidth);
  const [wide, tablet] = QUERIES.map((query) => window.matchMedia(query).matches);
  return wide ? 'desktop' : tablet ? 'tablet' : 'phone';
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') {
    window.addEventListener('resize', onChange);
    return () => window.removeEventListener('resize', onChange);
  }
  const lists = QUERIES.map((query) => window.matchMedia(query));
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** The date picker's layout for the current viewport (spec 2.5): desktop, tablet or phone. */
export function usePickerLayout(): PickerLayout {
  return useSyncExternalStore(subscribe, snapshot, () => 'desktop');
}
