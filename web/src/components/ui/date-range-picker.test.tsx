import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';
import type { DateRange } from '@/utils/date-range';

import { DateRangeField } from './date-range-field';
import { DateRangePicker, type DateRangePickerProps } from './date-range-picker';

type HarnessProps = Partial<DateRangePickerProps> & { changes?: [DateRange, boolean][]; initial?: DateRange };

function Harness({ changes = [], initial = { checkIn: null, checkOut: null }, ...props }: HarnessProps) {
  const [value, setValue] = useState<DateRange>(initial);
  return (
    <DateRangePicker
      label="Termin pobytu"
      startDate="2026-06-10"
      endDate="2026-12-31"
      today="2026-06-10"
      {...props}
      value={value}
      onChange={(range, complete) => {
        changes.push([range, complete]);
        setValue(range);
      }}
    />
  );
}

const day = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`);
const cellOf = (date: string) => day(date)?.closest('td');

describe('DateRangePicker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('draws two months of 42 day cells from Monday on wide screens, one when asked', () => {
    const { unmount } = renderWithProviders(<Harness />);
    const grids = screen.getAllByRole('grid');
    expect(grids).toHaveLength(2);
    expect(grids[0]?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByText('Czerwiec 2026')).toBeTruthy();
    expect(screen.getByText('Lipiec 2026')).toBeTruthy();
    for (const grid of grids) {
      expect(within(grid).getAllByRole('gridcell')).toHaveLength(42);
      expect(within(grid).getAllByRole('columnheader')[0]?.textContent).toContain('poniedziałek');
    }
    unmount();

    renderWithProviders(<Harness months={1} />);
    expect(screen.getAllByRole('grid')).toHaveLength(1);
  });

  it('names every day with its full date and state', () => {
    renderWithProviders(
      <Harness initial={{ checkIn: '2026-06-15', checkOut: '2026-06-18' }} disabledDates={['2026-06-25']} />,
    );
    expect(day('2026-06-15')?.getAttribute('aria-label')).toBe('poniedziałek, 15 czerwca 2026, przyjazd');
    expect(day('2026-06-16')?.getAttribute('aria-label')).toBe('wtorek, 16 czerwca 2026, w wybranym pobycie');
    expect(day('2026-06-18')?.getAttribute('aria-label')).toBe('czwartek, 18 czerwca 2026, wyjazd');
    expect(day('2026-06-09')?.getAttribute('aria-label')).toBe('wtorek, 9 czerwca 2026, niedostępny');
    expect(day('2026-06-25')?.getAttribute('aria-label')).toBe('czwartek, 25 czerwca 2026, noc niedostępna');
    expect(day('2026-06-10')?.getAttribute('aria-current')).toBe('date');
    expect(cellOf('2026-06-16')?.getAttribute('aria-selected')).toBe('true');
    expect(cellOf('2026-06-20')?.getAttribute('aria-selected')).toBe('false');
    expect(day('2026-06-09')?.getAttribute('aria-disabled')).toBe('true');
  });

  it('picks a stay with two clicks; a third starts again', async () => {
    const user = userEvent.setup();
    const changes: [DateRange, boolean][] = [];
    renderWithProviders(<Harness changes={changes} />);

    await user.click(day('2026-06-15')!);
    expect(changes.at(-1)).toEqual([{ checkIn: '2026-06-15', checkOut: null }, false]);
    expect(screen.getByText('Wybierz datę wyjazdu.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Przyjazd: 15.06.2026. Wybierz datę wyjazdu.');

    await user.click(day('2026-06-18')!);
    expect(changes.at(-1)).toEqual([{ checkIn: '2026-06-15', checkOut: '2026-06-18' }, true]);
    expect(screen.getByRole('status').textContent).toBe('Wybrany pobyt: 15.06.2026 – 18.06.2026, 3 noce.');

    await user.click(day('2026-07-02')!);
    expect(changes.at(-1)).toEqual([{ checkIn: '2026-07-02', checkOut: null }, false]);

    await user.click(screen.getByRole('button', { name: 'Wyczyść daty' }));
    expect(changes.at(-1)).toEqual([{ checkIn: null, checkOut: null }, false]);
    expect(screen.getByRole('status').textContent).toBe('Daty wyczyszczone.');
  });

  it('ignores disabled days and days past the next unavailable night', async () => {
    const user = userEvent.setup();
    const changes: [DateRange, boolean][] = [];
    renderWithProviders(<Harness changes={changes} disabledDates={['2026-06-20']} maxNights={30} />);

    await user.click(day('2026-06-09')!);
    await user.click(day('2026-06-20')!);
    expect(changes).toEqual([]);

    await user.click(day('2026-06-15')!);
    expect(day('2026-06-21')?.getAttribute('aria-disabled')).toBe('true');
    // The unavailable night's morning can still end the stay.
    expect(day('2026-06-20')?.getAttribute('aria-disabled')).toBeNull();
    expect(day('2026-06-20')?.getAttribute('aria-label')).toContain('możliwy tylko wyjazd');
    await user.click(day('2026-06-21')!);
    expect(changes).toHaveLength(1);
    await user.click(day('2026-06-20')!);
    expect(changes.at(-1)).toEqual([{ checkIn: '2026-06-15', checkOut: '2026-06-20' }, true]);
  });

  it('sets both dates at once in single-day mode', async () => {
    const user = userEvent.setup();
    const changes: [DateRange, boolean][] = [];
    renderWithProviders(<Harness changes={changes} singleDay />);
    await user.click(day('2026-06-15')!);
    expect(changes).toEqual([[{ checkIn: '2026-06-15', checkOut: '2026-06-15' }, true]]);
    expect(day('2026-06-15')?.getAttribute('aria-label')).toContain('wybrany dzień');
  });

  it('works by keyboard: one day in the Tab order, arrows, Page Down, Enter and Escape', async () => {
    const user = userEvent.setup();
    const changes: [DateRange, boolean][] = [];
    const onClose = vi.fn();
    renderWithProviders(<Harness changes={changes} months={1} autoFocus onClose={onClose} />);

    // The start date has focus and is the only day reachable with Tab.
    expect(document.activeElement).toBe(day('2026-06-10'));
    expect(document.querySelectorAll('[data-date][tabindex="0"]')).toHaveLength(1);

    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement).toBe(day('2026-06-18'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(day('2026-06-15'));
    await user.keyboard('{Enter}');
    expect(changes.at(-1)).toEqual([{ checkIn: '2026-06-15', checkOut: null }, false]);

    // Page Down shows the next month and keeps the day of the month.
    await user.keyboard('{PageDown}');
    expect(screen.getByText('Lipiec 2026')).toBeTruthy();
    expect(document.activeElement).toBe(day('2026-07-15'));
    await user.keyboard('{PageUp}{End}');
    expect(document.activeElement).toBe(day('2026-06-21'));
    await user.keyboard(' ');
    expect(changes.at(-1)).toEqual([{ checkIn: '2026-06-15', checkOut: '2026-06-21' }, true]);
    expect(cellOf('2026-06-18')?.getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('moves a month at a time, never before the start month, with next-month clicks throttled to 200 ms', () => {
    vi.useFakeTimers();
    renderWithProviders(<Harness months={1} />);
    const previous = screen.getByRole('button', { name: 'Poprzedni miesiąc' });
    const next = screen.getByRole('button', { name: 'Następny miesiąc' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');

    // A quick second click (a double click, Enter pressed twice) is not lost:
    // it moves on once the 200 ms are up.
    fireEvent.click(next);
    fireEvent.click(next);
    expect(screen.getByText('Lipiec 2026')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(screen.getByText('Lipiec 2026')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('Sierpień 2026')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.click(next);
    expect(screen.getByText('Wrzesień 2026')).toBeTruthy();

    fireEvent.click(previous);
    expect(screen.getByText('Sierpień 2026')).toBeTruthy();
  });

  it('never pages past the end date, even with clicks waiting for the throttle', () => {
    vi.useFakeTimers();
    renderWithProviders(<Harness months={1} endDate="2026-07-20" />);
    const next = screen.getByRole('button', { name: 'Następny miesiąc' });
    fireEvent.click(next);
    fireEvent.click(next);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('Lipiec 2026')).toBeTruthy();
    expect(next.getAttribute('aria-disabled')).toBe('true');
  });
});

function FieldHarness({ onChange }: { onChange?: (range: DateRange) => void }) {
  const [value, setValue] = useState<DateRange>({ checkIn: null, checkOut: null });
  return (
    <form aria-label="formularz">
      <DateRangeField
        label="Termin pobytu"
        startDate="2026-06-10"
        endDate="2026-12-31"
        today="2026-06-10"
        value={value}
        names={{ checkIn: 'dateFrom', checkOut: 'dateTo' }}
        onChange={(range) => {
          onChange?.(range);
          setValue(range);
        }}
      />
    </form>
  );
}

describe('DateRangeField', () => {
  it('opens the calendar in a popover, closes on a complete pick and returns focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FieldHarness />);
    const toggle = screen.getByRole('button', { name: 'Termin pobytu Wybierz daty' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const dialog = screen.getByRole('dialog', { name: 'Termin pobytu' });
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.click(day('2026-06-15')!);
    expect(toggle.textContent).toContain('15.06.2026 – wybierz wyjazd');
    await user.click(day('2026-06-17')!);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.textContent).toContain('15.06.2026 – 17.06.2026 (2 noce)');
    expect(screen.getByRole('status').textContent).toBe('Wybrany pobyt: 15.06.2026 – 17.06.2026, 2 noce.');
    // Hidden inputs carry the dates as YYYY-MM-DD.
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'formularz' });
    expect(Object.fromEntries(new FormData(form))).toEqual({ dateFrom: '2026-06-15', dateTo: '2026-06-17' });
  });

  it('scrolls the opened calendar into view after focusing its day, the month’s name last', async () => {
    const scrolled: [Element, ScrollIntoViewOptions | boolean | undefined, boolean][] = [];
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element, options) {
      scrolled.push([this, options, document.activeElement?.hasAttribute('data-date') ?? false]);
    });
    try {
      renderWithProviders(<FieldHarness />);
      await userEvent.setup().click(screen.getByTestId('date-field-toggle'));
      const popover = screen.getByRole('dialog', { name: 'Termin pobytu' });
      const title = popover.querySelector('.date-picker__month-title');
      expect(title?.textContent).toBe('Czerwiec 2026');
      // The day had focus first: its own scroll must not undo these.
      expect(scrolled).toEqual([
        [popover, { block: 'nearest' }, true],
        [title, { block: 'nearest' }, true],
      ]);
    } finally {
      scroll.mockRestore();
    }
  });

  it('allows a zero-night range by default (the wrapper minimum is 0)', async () => {
    const user = userEvent.setup();
    const changes: DateRange[] = [];
    renderWithProviders(<FieldHarness onChange={(range) => changes.push(range)} />);
    await user.click(screen.getByTestId('date-field-toggle'));
    await user.click(day('2026-06-15')!);
    await user.click(day('2026-06-15')!);
    expect(changes.at(-1)).toEqual({ checkIn: '2026-06-15', checkOut: '2026-06-15' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape and on a click outside', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FieldHarness />);
    const toggle = screen.getByTestId('date-field-toggle');

    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);

    await user.click(toggle);
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
