import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { GlobalLoadingIndicator } from './global-loading-indicator';

function Slow({ skip = false }: { skip?: boolean }) {
  const query = useQuery({
    queryKey: ['slow', skip],
    queryFn: () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), 30)),
    meta: { skipGlobalLoader: skip },
  });
  return <p>{query.data ?? 'waiting'}</p>;
}

describe('GlobalLoadingIndicator', () => {
  it('shows while a query runs and hides afterwards', async () => {
    renderWithProviders(
      <>
        <GlobalLoadingIndicator />
        <Slow />
      </>,
    );
    expect(await screen.findByRole('progressbar', { name: 'Trwa wczytywanie danych' })).toBeTruthy();
    await screen.findByText('done');
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('ignores queries flagged to skip it', async () => {
    renderWithProviders(
      <>
        <GlobalLoadingIndicator />
        <Slow skip />
      </>,
    );
    expect(await screen.findByText('waiting')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await screen.findByText('done');
  });
});
