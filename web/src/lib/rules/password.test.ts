import { describe, expect, it } from 'vitest';

import { passwordProblem } from './password';

// The same cases as the users service's own test (services/users/src/domain.rs).
describe('password rule', () => {
  it('accepts long, varied passwords that are not the e-mail', () => {
    expect(passwordProblem('correct horse battery', 'ola@example.pl')).toBeNull();
    expect(passwordProblem('ąęśćżźńół12', 'ola@example.pl')).toBeNull();
    expect(passwordProblem('abcde'.repeat(25) + 'xyz', 'ola@example.pl')).toBeNull();
  });

  it('counts characters, not bytes or UTF-16 units: 10 to 128', () => {
    expect(passwordProblem('short1', '')).toBe('length');
    expect(passwordProblem('abcdefghi', '')).toBe('length');
    expect(passwordProblem('abcdefghij', '')).toBeNull();
    // Nine characters, eighteen UTF-16 units.
    expect(passwordProblem('😀😁😂😃😄😅😆😇😈', '')).toBe('length');
    expect(passwordProblem('abcde'.repeat(26), '')).toBe('length');
  });

  it('needs at least 5 different characters', () => {
    expect(passwordProblem('aaaaabbbbbcccc', '')).toBe('distinct');
    expect(passwordProblem('aaaabbbbccccdddd', '')).toBe('distinct');
    expect(passwordProblem('aaaabbbbccccddde', '')).toBeNull();
  });

  it('is not the e-mail address nor its part before the @, in any case', () => {
    expect(passwordProblem('ola@example.pl', 'ola@example.pl')).toBe('email');
    expect(passwordProblem('OLA.NOWAKOWSKA', ' Ola.Nowakowska@example.pl ')).toBe('email');
    expect(passwordProblem('ola.nowakowska1', 'ola.nowakowska@example.pl')).toBeNull();
    // Without an address (a reset link) only the server can tell.
    expect(passwordProblem('ola@example.pl')).toBeNull();
    expect(passwordProblem('Anna@Example.pl', 'anna@example.pl')).toBe('email');
    expect(passwordProblem('annakowalska', 'annakowalska@example.pl')).toBe('email');
  });
});
