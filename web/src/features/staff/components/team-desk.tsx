import { useId, useRef, useState } from 'react';

import { FormAlert, SubmitButton, TextField } from '@/components/ui/form-fields';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { useChangeMember, useInvite, useTeam } from '@/features/staff/api/team';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import type { StaffMember, StaffRole } from '@/types/api';

import { AccessNotice } from './access-notice';

const ROLES: readonly StaffRole[] = ['reception', 'admin', 'editor'];
const ROLE_WORDS: Record<StaffRole, MessageKey> = {
  admin: 'staff.team.role.admin',
  reception: 'staff.team.role.reception',
  editor: 'staff.team.role.editor',
};
const ACCESS = { login: 'staff.team.loginNeeded', forbidden: 'staff.team.forbidden' } as const;

/**
 * The team (administrators only): each member with their role, whether
 * they set their password yet and whether the account works; a role
 * changed or the account disabled in place; below, an invitation by
 * e-mail. The server keeps one active administrator and says so.
 */
export function TeamDesk({ loginHref }: { loginHref: string }) {
  const { t, locale } = useI18n();
  const team = useTeam(locale);
  const change = useChangeMember(locale);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const failure = team.isError && !team.isFetching ? staffFailure(team.error) : null;
  if (failure === 'login' || failure === 'forbidden') return <AccessNotice failure={failure} loginHref={loginHref} words={ACCESS} />;

  const apply = async (member: StaffMember, next: { role?: StaffRole; active?: boolean }, done: string) => {
    setProblem(null);
    setOutcome(null);
    try {
      await change.mutateAsync({ id: member.id, change: next });
      setOutcome(done);
    } catch (error) {
      setProblem(staffFailure(error) === 'other' ? t('staff.team.error') : serverMessage(error));
    }
  };

  return (
    <div className="staff-team">
      <div role="status">{outcome && <p className="staff-notice staff-notice--success">{outcome}</p>}</div>
      {problem && (
        <FormAlert>
          <p>{problem}</p>
        </FormAlert>
      )}
      {team.isPending && (
        <p className="status status--loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="status__text">{t('staff.team.loading')}</span>
        </p>
      )}
      {failure === 'other' && (
        <div className="status status--error" role="alert">
          <p className="status__text">{t('staff.team.loadError')}</p>
          <button type="button" className="button" onClick={() => void team.refetch()}>
            {t('errors.retry')}
          </button>
        </div>
      )}
      {team.data && (
        <div className="staff-order__table">
          <table className="staff-order__lines">
            <caption className="sr-only">{t('staff.team.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.team.member')}</th>
                <th scope="col">{t('staff.team.role')}</th>
                <th scope="col">{t('staff.team.state')}</th>
              </tr>
            </thead>
            <tbody>
              {team.data.items.map((member) => (
                <MemberRow key={member.id} member={member} busy={change.isPending} onChange={apply} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <InviteForm onInvited={(email) => setOutcome(t('staff.team.invited', { email }))} />
    </div>
  );
}

function MemberRow({
  member,
  busy,
  onChange,
}: {
  member: StaffMember;
  busy: boolean;
  onChange: (member: StaffMember, next: { role?: StaffRole; active?: boolean }, done: string) => Promise<void>;
}) {
  const { t } = useI18n();
  const roleId = useId();
  const name = `${member.firstName} ${member.lastName}`.trim();
  const state = !member.active ? t('staff.team.disabled') : member.invited ? t('staff.team.pending') : t('staff.team.active');
  return (
    <tr>
      <th scope="row">
        {member.email}
        {name && <span className="staff-team__name"> ({name})</span>}
      </th>
      <td>
        <label className="sr-only" htmlFor={roleId}>
          {t('staff.team.roleOf', { email: member.email })}
        </label>
        <select
          id={roleId}
          className="field__control"
          value={member.role}
          disabled={busy}
          onChange={(event) => {
            const role = event.target.value as StaffRole;
            void onChange(member, { role }, t('staff.team.roleChanged', { email: member.email, role: t(ROLE_WORDS[role]) }));
          }}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(ROLE_WORDS[role])}
            </option>
          ))}
        </select>
      </td>
      <td>
        {state}{' '}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() =>
            void onChange(
              member,
              { active: !member.active },
              t(member.active ? 'staff.team.disabledDone' : 'staff.team.enabledDone', { email: member.email }),
            )
          }
        >
          {t(member.active ? 'staff.team.disable' : 'staff.team.enable', { email: member.email })}
        </button>
      </td>
    </tr>
  );
}

function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const roleId = useId();
  const invite = useInvite(locale);
  const sending = useRef(false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('reception');
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (sending.current) return;
    if (email.trim() === '') return setError(t('staff.team.emailRequired'));
    sending.current = true;
    setError(null);
    try {
      const member = await invite.mutateAsync({ email: email.trim(), role });
      setEmail('');
      onInvited(member.email);
    } catch (failure) {
      setError(staffFailure(failure) === 'other' ? t('staff.team.error') : serverMessage(failure, 'email'));
    } finally {
      sending.current = false;
    }
  };
  return (
    <form
      className="form staff-team__invite"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <h2 id={headingId}>{t('staff.team.inviteHeading')}</h2>
      <p>{t('staff.team.inviteIntro')}</p>
      <div className="form__row">
        <TextField
          label={t('staff.team.email')}
          type="email"
          autoComplete="off"
          required
          value={email}
          error={error ?? undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
        />
        <div className="field form-field">
          <label className="field__label" htmlFor={roleId}>
            {t('staff.team.role')}
          </label>
          <select id={roleId} className="field__control form-field__input" value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {t(ROLE_WORDS[option])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <SubmitButton busy={invite.isPending} busyLabel={t('staff.transfer.busy')}>
        {t('staff.team.invite')}
      </SubmitButton>
    </form>
  );
}
