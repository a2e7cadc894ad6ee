import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';

export type Range = readonly [number, number];

type Props = {
  min: number;
  max: number;
  /** Arrow keys move by one step; Page Up/Down by a tenth of the range. */
  step?: number;
  value: Range;
  /** Every movement, for live feedback. */
  onChange: (value: [number, number]) => void;
  /** When a movement ends (key released, pointer lifted): the moment to apply it. */
  onCommit?: (value: [number, number]) => void;
  /** Accessible names of the lower and the upper thumb. */
  labels: readonly [string, string];
  /** The value as people read it (aria-valuetext), e.g. a formatted price. */
  formatValue?: (value: number) => string;
  /** Thumb diameter in px. */
  dotSize?: number;
};

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Snaps to the step grid that starts at `min`; the bounds themselves are
 * always reachable, so a range never loses its ends to rounding.
 */
export function snapToStep(value: number, min: number, max: number, step: number): number {
  if (value <= min) return min;
  if (value >= max) return max;
  const onGrid = clamp(min + Math.round((value - min) / step) * step, min, max);
  // Off-grid max: take it when it is nearer than the last grid point.
  return Math.abs(max - value) < Math.abs(onGrid - value) ? max : onGrid;
}

/** The next value of one thumb after a key press, or null for keys it ignores. */
export function keyboardValue(
  key: string,
  thumb: 0 | 1,
  value: Range,
  { min, max, step }: { min: number; max: number; step: number },
): number | null {
  const low = thumb === 0 ? min : value[0];
  const high = thumb === 0 ? value[1] : max;
  const current = value[thumb];
  const page = Math.max(step, Math.round((max - min) / 10 / step) * step);
  let next: number;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      next = current - step;
      break;
    case 'ArrowRight':
    case 'ArrowUp':
      next = current + step;
      break;
    case 'PageDown':
      next = current - page;
      break;
    case 'PageUp':
      next = current + page;
      break;
    case 'Home':
      return low;
    case 'End':
      return high;
    default:
      return null;
  }
  return clamp(snapToStep(next, min, max, step), low, high);
}

/**
 * A two-thumb range slider following the ARIA multi-thumb slider pattern:
 * each thumb is a focusable `role="slider"` whose bounds are the other thumb,
 * moved with arrows, Page Up/Down, Home and End, or dragged with a pointer.
 */
export function RangeSlider({
  min,
  max,
  step = 1,
  value,
  onChange,
  onCommit,
  labels,
  formatValue = String,
  dotSize = 21,
}: Props) {
  const trackRef = useRef<HTMLDivElement>(null);
  const thumbRefs = [useRef<HTMLDivElement>(null), useRef<HTMLDivElement>(null)] as const;
  const dragging = useRef<0 | 1 | null>(null);
  // The latest value during a gesture: props lag one render behind.
  const latest = useRef<[number, number]>([value[0], value[1]]);
  const moved = useRef(false);
  const span = max - min || 1;
  const percent = (v: number) => ((clamp(v, min, max) - min) / span) * 100;

  const update = (thumb: 0 | 1, next: number) => {
    const base: [number, number] = moved.current ? latest.current : [value[0], value[1]];
    const result: [number, number] =
      thumb === 0 ? [clamp(next, min, base[1]), base[1]] : [base[0], clamp(next, base[0], max)];
    latest.current = result;
    moved.current = true;
    if (result[0] !== value[0] || result[1] !== value[1]) onChange(result);
  };

  const commit = () => {
    if (moved.current) onCommit?.(latest.current);
    moved.current = false;
  };

  const onKeyDown = (thumb: 0 | 1) => (event: KeyboardEvent<HTMLDivElement>) => {
    const current: Range = moved.current ? latest.current : value;
    const next = keyboardValue(event.key, thumb, current, { min, max, step });
    if (next === null) return;
    event.preventDefault();
    update(thumb, next);
  };

  const valueAt = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return min;
    return snapToStep(min + ((clientX - rect.left) / rect.width) * span, min, max, step);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const target = valueAt(event.clientX);
    const thumb: 0 | 1 =
      Math.abs(target - value[0]) < Math.abs(target - value[1]) || target < value[0] ? 0 : 1;
    dragging.current = thumb;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    thumbRefs[thumb].current?.focus();
    update(thumb, target);
    event.preventDefault();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === null) return;
    update(dragging.current, valueAt(event.clientX));
  };

  const endDrag = () => {
    if (dragging.current === null) return;
    dragging.current = null;
    commit();
  };

  const style = { '--dot-size': `${dotSize}px` } as CSSProperties;

  return (
    <div className="range-slider" style={style}>
      <div
        ref={trackRef}
        className="range-slider__track"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onLostPointerCapture={endDrag}
      >
        <div
          className="range-slider__range"
          style={{ left: `${percent(value[0])}%`, right: `${100 - percent(value[1])}%` }}
        />
        {([0, 1] as const).map((thumb) => (
          <div
            key={thumb}
            ref={thumbRefs[thumb]}
            className="range-slider__thumb"
            role="slider"
            tabIndex={0}
            aria-label={labels[thumb]}
            aria-orientation="horizontal"
            aria-valuemin={thumb === 0 ? min : value[0]}
            aria-valuemax={thumb === 0 ? value[1] : max}
            aria-valuenow={value[thumb]}
            aria-valuetext={formatValue(value[thumb])}
            style={{ left: `${percent(value[thumb])}%`, zIndex: thumb === 0 && value[0] >= max ? 2 : 1 }}
            onKeyDown={onKeyDown(thumb)}
            onKeyUp={commit}
            onBlur={commit}
          />
        ))}
      </div>
    </div>
  );
}
