import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * An axe scan (WCAG 2 A and AA) of the page, or of the part `include`
 * selects, that fails on any serious or critical violation.
 *
 * axe runs in the page (`axe.run`, "legacy mode") and hands back only the
 * violations. The default mode ships every *passing* node from the page to
 * Node and on into a blank page to merge frame results: about 12 MB and
 * 17 s for a results page showing 19 room calendars. These pages have no
 * frames to merge, and the passes are never read.
 *
 * Finite animations (a banner slide fading in) end first: axe reads colours
 * as drawn, and text caught at half opacity fails contrast it meets once
 * shown. Endless ones (spinners) are not waited for.
 */
export async function expectNoSeriousA11yIssues(page: Page, include?: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page })
    .setLegacyMode()
    // `options` replaces the run options: set it before the tags.
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa']);
  if (include) builder = builder.include(include);
  const found = await builder.analyze();
  const serious = found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
