import type { ReactNode } from 'react';

import type { WeatherCondition } from '@/features/weather/api/get-weather';

const sun = (
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>
);

/** A cloud in the upper part of the box, leaving room for what falls from it. */
const cloud = <path d="M7 15a4 4 0 0 1-.6-8A5.5 5.5 0 0 1 17 7.5 3.8 3.8 0 0 1 17.5 15Z" />;

/** One small drawing per condition, in the text's colour (24 × 24, strokes only). */
const SHAPES: Record<WeatherCondition, ReactNode> = {
  clear: sun,
  clouds: <path d="M7 19a4.5 4.5 0 0 1-.7-9A6 6 0 0 1 17.8 10 4.5 4.5 0 0 1 18 19Z" />,
  rain: (
    <>
      {cloud}
      <path d="M8 18l-1 3M12 18l-1 3M16 18l-1 3" />
    </>
  ),
  drizzle: (
    <>
      {cloud}
      <path d="M8 18v1M12 18v1M16 18v1M10 21v1M14 21v1" />
    </>
  ),
  thunderstorm: (
    <>
      {cloud}
      <path d="M12.5 15.5 10 19.5h4l-2.5 4" />
    </>
  ),
  snow: (
    <>
      {cloud}
      <path d="M8 18.5h.01M12 18.5h.01M16 18.5h.01M10 21.5h.01M14 21.5h.01" />
    </>
  ),
  mist: <path d="M4 8h16M2 12h20M4 16h16M7 20h10" />,
};

/**
 * The weather's icon, drawn here (nothing is fetched for it). Decorative:
 * the widget says the condition in words.
 */
export function WeatherIcon({ condition }: { condition: WeatherCondition }) {
  return (
    <svg
      className="weather__icon"
      data-condition={condition}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {SHAPES[condition]}
    </svg>
  );
}
