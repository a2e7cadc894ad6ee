/**
 * GET /shop-api/weather: the weather at the guesthouse (spec 1: Celsius and
 * Fahrenheit), which the server reads from a public weather service for the
 * guesthouse's coordinates. Quiet (spec 4): no loading bar, and a failure (503
 * while that service is away, no answer) hides the widget without a
 * notification. The answer is the app's weather state (temperature and
 * icon), kept for ten minutes.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';

import type { Weather, WeatherCondition } from '@/types/api';

export type { Weather, WeatherCondition } from '@/types/api';

/** Every condition the server names, each with its icon. */
export const WEATHER_CONDITIONS = [
  'clear',
  'clouds',
  'rain',
  'drizzle',
  'thunderstorm',
  'snow',
  'mist',
] as const satisfies readonly WeatherCondition[];

export const WEATHER_STALE_MS = 10 * 60 * 1000;

export const getWeather = (locale: Locale, signal?: AbortSignal) =>
  apiClient.get<Weather>('/weather', { locale, signal, notifyOnError: false });

export const weatherQueryOptions = (locale: Locale) =>
  queryOptions({
    // The same weather in every language.
    queryKey: ['weather'],
    queryFn: ({ signal }) => getWeather(locale, signal),
    staleTime: WEATHER_STALE_MS,
    retry: false,
    meta: { skipGlobalLoader: true },
  });

export const useWeather = (locale: Locale) => useQuery(weatherQueryOptions(locale));
