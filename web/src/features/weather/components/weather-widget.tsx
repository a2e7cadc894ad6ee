import '@/features/weather/weather.css';

import { useWeather, WEATHER_CONDITIONS, type Weather, type WeatherCondition } from '@/features/weather/api/get-weather';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { toLanguageTag } from '@/lib/i18n/locale';

import { WeatherIcon } from './weather-icon';

const isCondition = (value: unknown): value is WeatherCondition =>
  (WEATHER_CONDITIONS as readonly unknown[]).includes(value);

const isTemperature = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The weather at the guesthouse (spec 1, 2.5): its icon and "12 °C / 54 °F",
 * read out as one sentence with the condition in words. Nothing shows while
 * it loads, when the server has no weather (503, no answer) or when the
 * answer has no temperatures; a condition it does not know shows no icon.
 */
export function WeatherWidget() {
  const { t, locale } = useI18n();
  const { data } = useWeather(locale);
  const weather: Partial<Weather> | undefined = data;
  if (!weather || !isTemperature(weather.celsius) || !isTemperature(weather.fahrenheit)) return null;

  // Whole degrees; -0.4 is 0, not "-0".
  const format = (degrees: number) => new Intl.NumberFormat(toLanguageTag(locale)).format(Math.round(degrees) || 0);
  const celsius = format(weather.celsius);
  const fahrenheit = format(weather.fahrenheit);
  const condition = isCondition(weather.condition) ? weather.condition : null;
  const summary = condition
    ? t('weather.summary', { condition: t(`weather.condition.${condition}`), celsius, fahrenheit })
    : t('weather.summaryTemperature', { celsius, fahrenheit });

  return (
    <p className="weather" data-testid="weather">
      {condition && <WeatherIcon condition={condition} />}
      <span aria-hidden="true">{t('weather.temperature', { celsius, fahrenheit })}</span>
      <span className="sr-only">{summary}</span>
    </p>
  );
}
