import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { keyboardValue, RangeSlider, snapToStep, type Range } from './range-slider';

describe('snapToStep', () => {
  it('snaps to the grid from min and always reaches both bounds', () => {
    expect(snapToStep(1939, 1890, 22900, 100)).toBe(1890);
    expect(snapToStep(1941, 1890, 22900, 100)).toBe(1990);
    expect(snapToStep(22890, 1890, 22900, 100)).toBe(22890);
    expect(snapToStep(22899, 1890, 22900, 100)).toBe(22900);
    expect(snapToStep(99999, 1890, 22900, 100)).toBe(22900);
    expect(snapToStep(-5, 1890, 22900, 100)).toBe(1890);
  });
});

describe('keyboardValue', () => {
  const bounds = { min: 0, max: 1000, step: 10 };

  it('moves a thumb by a step, a page, or to an end', () => {
    expect(keyboardValue('ArrowRight', 0, [100, 900], bounds)).toBe(110);
    expect(keyboardValue('ArrowUp', 1, [100, 900], bounds)).toBe(910);
    expect(keyboardValue('ArrowLeft', 1, [100, 900], bounds)).toBe(890);
    expect(keyboardValue('ArrowDown', 0, [100, 900], bounds)).toBe(90);
    expect(keyboardValue('PageUp', 0, [100, 900], bounds)).toBe(200);
    expect(keyboardValue('PageDown', 1, [100, 900], bounds)).toBe(800);
    expect(keyboardValue('Home', 0, [100, 900], bounds)).toBe(0);
    expect(keyboardValue('End', 1, [100, 900], bounds)).toBe(1000);
    expect(keyboardValue('a', 0, [100, 900], bounds)).toBeNull();
  });

  it('never lets the thumbs cross or leave the range', () => {
    expect(keyboardValue('ArrowRight', 0, [500, 500], bounds)).toBe(500);
    expect(keyboardValue('End', 0, [100, 600], bounds)).toBe(600);
    expect(keyboardValue('Home', 1, [300, 600], bounds)).toBe(300);
    expect(keyboardValue('ArrowLeft', 0, [0, 600], bounds)).toBe(0);
    expect(keyboardValue('PageUp', 1, [0, 950], bounds)).toBe(1000);
  });
});

function Harness({ commits }: { commits: Range[] }) {
  const [value, setValue] = useState<Range>([0, 1000]);
  return (
    <RangeSlider
      min={0}
      max={1000}
      step={10}
      value={value}
      onChange={setValue}
      onCommit={(range) => commits.push(range)}
      labels={['Od', 'Do']}
      formatValue={(v) => `${v} zł`}
    />
  );
}

describe('RangeSlider', () => {
  it('exposes two labelled, focusable sliders whose bounds are each other', () => {
    render(<Harness commits={[]} />);
    const low = screen.getByRole('slider', { name: 'Od' });
    const high = screen.getByRole('slider', { name: 'Do' });
    expect(low.tabIndex).toBe(0);
    fireEvent.keyDown(low, { key: 'End' });
    expect(low.getAttribute('aria-valuenow')).toBe('1000');
    expect(high.getAttribute('aria-valuemin')).toBe('1000');
    fireEvent.keyDown(high, { key: 'ArrowLeft' });
    expect(high.getAttribute('aria-valuenow')).toBe('1000');
    expect(low.getAttribute('aria-valuetext')).toBe('1000 zł');
  });

  it('commits once when the key is released, with the last value', () => {
    const commits: Range[] = [];
    render(<Harness commits={commits} />);
    const high = screen.getByRole('slider', { name: 'Do' });
    fireEvent.keyDown(high, { key: 'ArrowLeft' });
    fireEvent.keyDown(high, { key: 'ArrowLeft' });
    fireEvent.keyDown(high, { key: 'PageDown' });
    expect(commits).toEqual([]);
    fireEvent.keyUp(high, { key: 'PageDown' });
    expect(commits).toEqual([[0, 880]]);
    // Keys that move nothing commit nothing.
    fireEvent.keyUp(high, { key: 'Tab' });
    expect(commits).toHaveLength(1);
  });

  it('sizes the thumbs with the dot size', () => {
    const { container } = render(
      <RangeSlider min={0} max={10} value={[0, 10]} onChange={() => {}} labels={['a', 'b']} dotSize={21} />,
    );
    expect((container.firstChild as HTMLElement).style.getPropertyValue('--dot-size')).toBe('21px');
  });
});
