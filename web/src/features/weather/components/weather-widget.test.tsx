import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { GlobalLoadingIndicator } from '@/components/ui/global-loading-indicator';
import { WEATHER_CONDITIONS } from '@/features/weather/api/get-weather';
import type { Locale } from '@/lib/i18n/locale';
import { notifications } from '@/lib/notifications';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

import { WeatherWidget } from './weather-widget';

function answer(body: Record<string, unknown>, status = 200) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get(apiPath('/weather'), ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return HttpResponse.json(body, { status });
    }),
  );
  return requests;
}

const renderWidget = (locale: Locale = 'en_GB') => renderWithProviders(<WeatherWidget />, { locale });

describe('WeatherWidget', () => {
  it('shows the temperature in Celsius and Fahrenheit with the condition’s icon, read out in words', async () => {
    const requests = answer({ celsius: 11.6, fahrenheit: 52.9, condition: 'rain' });
    renderWidget();
    const widget = await screen.findByTestId('weather');
    expect(widget.querySelector('[aria-hidden="true"]:not(svg)')?.textContent).toBe('12 °C / 53 °F');
    expect(widget.querySelector('.sr-only')?.textContent).toBe('Weather at the guesthouse: rain, 12 °C (53 °F)');
    const icon = widget.querySelector('svg');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(icon?.getAttribute('data-condition')).toBe('rain');
    expect(requests[0]?.get('locale')).toBe('en_GB');
  });

  it('says it in the page’s language, whole degrees (Polish, below zero)', async () => {
    answer({ celsius: -3.4, fahrenheit: 25.9, condition: 'snow' });
    renderWidget('pl');
    const widget = await screen.findByTestId('weather');
    expect(widget.querySelector('.sr-only')?.textContent).toBe('Pogoda w pensjonacie: śnieg, -3 °C (26 °F)');
  });

  it('writes no "-0"', async () => {
    answer({ celsius: -0.4, fahrenheit: 31.3, condition: 'mist' });
    renderWidget();
    expect((await screen.findByTestId('weather')).textContent).toContain('0 °C / 31 °F');
    expect(screen.getByTestId('weather').textContent).not.toContain('-0');
  });

  it('draws each condition its own icon, in the page (no file is fetched)', async () => {
    const drawings = new Set<string>();
    for (const condition of WEATHER_CONDITIONS) {
      answer({ celsius: 20, fahrenheit: 68, condition });
      const view = renderWidget();
      const icon = (await screen.findByTestId('weather')).querySelector('svg');
      expect(icon?.getAttribute('data-condition')).toBe(condition);
      expect(icon?.querySelector('image, use')).toBeNull();
      drawings.add(icon?.innerHTML ?? '');
      view.unmount();
    }
    expect(drawings.size).toBe(WEATHER_CONDITIONS.length);
  });

  it('shows the temperatures without an icon for a condition it does not know', async () => {
    answer({ celsius: 20, fahrenheit: 68, condition: 'sandstorm' });
    renderWidget();
    const widget = await screen.findByTestId('weather');
    expect(widget.querySelector('svg')).toBeNull();
    expect(widget.querySelector('.sr-only')?.textContent).toBe('Weather at the guesthouse: 20 °C (68 °F)');
  });

  it.each([
    ['503', () => HttpResponse.json({ code: 'service_unavailable', message: 'No weather' }, { status: 503 })],
    ['no answer', () => HttpResponse.error()],
    ['an answer without temperatures', () => HttpResponse.json({ condition: 'clear' })],
  ])('shows nothing and notifies nothing after %s', async (_case, reply) => {
    let asked = 0;
    server.use(
      http.get(apiPath('/weather'), () => {
        asked += 1;
        return reply();
      }),
    );
    const { container } = renderWidget();
    await waitFor(() => expect(asked).toBe(1));
    // Let the answer settle: still nothing, and no retry.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.innerHTML).toBe('');
    expect(notifications.getSnapshot()).toEqual([]);
    expect(asked).toBe(1);
  });

  it('keeps the weather request off the loading bar (spec 4)', async () => {
    let asked = 0;
    server.use(
      http.get(apiPath('/weather'), async () => {
        asked += 1;
        await delay(100);
        return HttpResponse.json({ celsius: 20, fahrenheit: 68, condition: 'clear' });
      }),
    );
    renderWithProviders(
      <>
        <GlobalLoadingIndicator />
        <WeatherWidget />
      </>,
      { locale: 'en_GB' },
    );
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('progressbar')).toBeNull();
    await screen.findByTestId('weather');
  });
});
