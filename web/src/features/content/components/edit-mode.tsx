import { useEffect, useId, useState } from 'react';

import { readEditMode, writeEditMode } from '@/features/content/utils/edit-mode';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { ContentContainer } from '@/types/api';

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

/**
 * A page's blocks for an editor (spec 6): the edit-mode toggle, and in edit
 * mode a link to edit each block. Only rendered for a customer with the
 * `editor` or `admin` role.
 */
export function EditableBlocks({ containers }: { containers: readonly ContentContainer[] }) {
  const { t } = useI18n();
  const [on, toggle] = useEditMode();
  const hintId = useId();
  return (
    <>
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
      <ContentBlocks containers={containers} editLinks={on} />
    </>
  );
}

/** The blocks as a visitor sees them, or as an editor does (toggle and edit links). */
export function PageBlocks({ containers, canEdit }: { containers: readonly ContentContainer[]; canEdit: boolean }) {
  return canEdit ? <EditableBlocks containers={containers} /> : <ContentBlocks containers={containers} />;
}
