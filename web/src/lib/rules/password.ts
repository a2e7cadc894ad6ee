/**
 * The users service's password rule (services/users/src/domain.rs), checked
 * in the browser so the visitor learns at once; the server checks it again.
 * 10 to 128 characters (characters, not bytes), at least 5 different ones,
 * and not the e-mail address nor its part before the @, in any case.
 * The one copy: the account forms, checkout's registration with the booking
 * and the test servers all check it here.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_MIN_DISTINCT = 5;

export type PasswordProblem = 'length' | 'distinct' | 'email';

/** What is wrong with a password for the account of `email` (unknown: ''), or null. */
export function passwordProblem(password: string, email = ''): PasswordProblem | null {
  const characters = Array.from(password);
  if (characters.length < PASSWORD_MIN_LENGTH || characters.length > PASSWORD_MAX_LENGTH) return 'length';
  if (new Set(characters).size < PASSWORD_MIN_DISTINCT) return 'distinct';
  const address = email.trim().toLowerCase();
  const lower = password.toLowerCase();
  if (address && (lower === address || lower === address.split('@')[0])) return 'email';
  return null;
}
