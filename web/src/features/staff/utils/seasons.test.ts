import { describe, expect, it } from 'vitest';

import { emptySeasonRow, moveRow, seasonFieldOf, seasonRow, toSeasonsChange, type SeasonRow } from './seasons';

const summer = seasonRow({ name: 'Summer', from: '06-15', to: '09-15', multiplierPercent: 130 }, 0);
const row = (extra: Partial<SeasonRow>): SeasonRow => ({ ...emptySeasonRow(1), name: 'Winter', fromMonth: '12', fromDay: '20', toMonth: '01', toDay: '06', percent: '150', ...extra });

describe('the seasons', () => {
  it('become the server’s body in their order, over the new year too', () => {
    expect(summer).toMatchObject({ fromMonth: '06', fromDay: '15', toMonth: '09', toDay: '15', percent: '130' });
    expect(toSeasonsChange([row({ name: ' Winter ' }), summer])).toEqual({
      change: {
        seasons: [
          { name: 'Winter', from: '12-20', to: '01-06', multiplierPercent: 150 },
          { name: 'Summer', from: '06-15', to: '09-15', multiplierPercent: 130 },
        ],
      },
    });
    expect(toSeasonsChange([])).toEqual({ change: { seasons: [] } });
  });

  it('take a real day of any year, 29 February included', () => {
    expect(toSeasonsChange([row({ fromMonth: '02', fromDay: '29' })])).toHaveProperty('change');
    expect(toSeasonsChange([row({ fromMonth: '02', fromDay: '30', toMonth: '04', toDay: '31' })])).toEqual({
      problems: [{ from: 'dayInvalid', to: 'dayInvalid' }],
      tooMany: false,
    });
    expect(toSeasonsChange([row({ toDay: '' })])).toEqual({ problems: [{ to: 'dayMissing' }], tooMany: false });
  });

  it('want a name of 1 to 60 characters, each its own, and a share of 50 to 300%', () => {
    expect(toSeasonsChange([summer, row({ name: ' SUMMER', percent: '49' }), row({ name: ' ', percent: '301' }), row({ name: 'x'.repeat(61), percent: '50' })])).toEqual({
      problems: [{}, { name: 'nameTaken', multiplierPercent: 'percent' }, { name: 'nameEmpty', multiplierPercent: 'percent' }, { name: 'nameLong' }],
      tooMany: false,
    });
    expect(toSeasonsChange([row({ name: 'x'.repeat(60), percent: '300' })])).toHaveProperty('change');
  });

  it('are at most twenty', () => {
    const rows = Array.from({ length: 21 }, (_, i) => row({ key: i, name: `Season ${i}` }));
    expect(toSeasonsChange(rows)).toMatchObject({ tooMany: true });
    expect(toSeasonsChange(rows.slice(1))).toHaveProperty('change');
  });

  it('read the server’s field names and move a row within the list', () => {
    expect(seasonFieldOf('seasons[2].multiplierPercent')).toEqual({ index: 2, field: 'multiplierPercent' });
    expect(seasonFieldOf('seasons')).toBeNull();
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
