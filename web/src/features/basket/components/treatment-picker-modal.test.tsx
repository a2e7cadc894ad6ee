import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { listingItem, listingResponse } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

import { TreatmentPickerModal } from './treatment-picker-modal';

describe('TreatmentPickerModal', () => {
  it.each([
    ['pl', 'Wybierz: Hot Stone'],
    ['de', 'Hot Stone auswählen'],
    ['en_GB', 'Choose Hot Stone'],
  ] as const)('names the treatment in its choose button as the language puts it (%s)', async (locale, label) => {
    server.use(
      http.get(apiPath('/offer/treatment'), () =>
        HttpResponse.json(listingResponse([listingItem({ code: 'TR_HOT_STONE', name: 'Hot Stone' })])),
      ),
    );
    renderWithProviders(
      <TreatmentPickerModal replacing={null} taken={[]} offered={['TR_HOT_STONE']} onPick={() => undefined} onClose={() => undefined} />,
      { locale },
    );
    expect(await screen.findByRole('button', { name: label })).toBeTruthy();
  });
});
