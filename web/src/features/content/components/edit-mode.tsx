import { useEffect, useId, useState, type ReactNode } from 'react';

import { readEditMode, writeEditMode } from '@/features/content/utils/edit-mode';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { PageBlock } from '@/types/api';

import { ContentBlocks } from './content-blocks';

/**
 * Edit mode from cookie `cms-edit` (spec 4): on at the first visit, which
 * sets the cookie to 1; `toggle` flips it between 1 and 0.
 */
export function useEditMode(): [on: boolean, toggle: () => void] {
  const [on, setOn] = useState(() => readEditMode() ?? true);
  useEffect(() => {
    if (readEditMode() === null) writeEditMode(true);
  }, []);
  const toggle = () => {
    writeEditMode(!on);
    setOn(!on);
  };
  return [on, toggle];
}

/** The edit-mode toggle with its hint (editors only). */
export function EditModeToggle({ on, toggle }: { on: boolean; toggle: () => void }) {
  const { t } = useI18n();
  const hintId = useId();
  return (
    <div className="edit-mode" role="group" aria-label={t('content.editMode.label')}>
      <button
        type="button"
        className="button button--small edit-mode__toggle"
        aria-pressed={on}
        aria-describedby={hintId}
        onClick={toggle}
      >
        {t('content.editMode.toggle')}
      </button>
      <p id={hintId} className="edit-mode__hint">
        {t('content.editMode.hint')}
      </p>
    </div>
  );
}

/**
 * Blocks shown in more than one place on a page (the home page's welcome
 * and banner slides): for an editor one toggle first, and `children` told
 * whether to give each block its edit link; for anyone else no toggle and
 * no links (and no edit-mode cookie).
 */
export function EditModeScope({ canEdit, children }: { canEdit: boolean; children: (editLinks: boolean) => ReactNode }) {
  return canEdit ? <EditableScope>{children}</EditableScope> : children(false);
}

function EditableScope({ children }: { children: (editLinks: boolean) => ReactNode }) {
  const [on, toggle] = useEditMode();
  return (
    <>
      <EditModeToggle on={on} toggle={toggle} />
      {children(on)}
    </>
  );
}

/**
 * A page's blocks for an editor (spec 6): the edit-mode toggle, and in edit
 * mode a link to edit each block. Only rendered for a customer with the
 * `editor` or `admin` role.
 */
export function EditableBlocks({ containers }: { containers: readonly PageBlock[] }) {
  return <EditableScope>{(on) => <ContentBlocks containers={containers} editLinks={on} />}</EditableScope>;
}

/** The blocks as a visitor sees them, or as an editor does (toggle and edit links). */
export function PageBlocks({ containers, canEdit }: { containers: readonly PageBlock[]; canEdit: boolean }) {
  return canEdit ? <EditableBlocks containers={containers} /> : <ContentBlocks containers={containers} />;
}
