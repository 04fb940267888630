import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadSanitizer } from '../ui/SafeHtml';

type Command = { key: string; run: () => void };

/**
 * The operator's rich text: a box that formats as it is typed (bold, italic, headings, lists, links) or,
 * switched to HTML, its source. What goes into the box is cleaned first with the page's own policy, so
 * a pasted or typed `onerror` never runs in the back office; the server cleans it again when it is saved.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [source, setSource] = useState(false);
  const labelId = useId();

  // What the box shows follows the value when it changes from outside (another language, a reset).
  useEffect(() => {
    const element = box.current;
    if (source || !element || element.innerHTML === value) return;
    let live = true;
    loadSanitizer().then((clean) => {
      if (live && box.current && box.current.innerHTML !== value) box.current.innerHTML = clean(value);
    });
    return () => {
      live = false;
    };
  }, [value, source]);

  const exec = (command: string, argument?: string) => {
    box.current?.focus();
    document.execCommand(command, false, argument);
    if (box.current) onChange(box.current.innerHTML);
  };
  const commands: Command[] = [
    { key: 'bold', run: () => exec('bold') },
    { key: 'italic', run: () => exec('italic') },
    { key: 'heading', run: () => exec('formatBlock', 'h3') },
    { key: 'paragraph', run: () => exec('formatBlock', 'p') },
    { key: 'bullets', run: () => exec('insertUnorderedList') },
    { key: 'numbers', run: () => exec('insertOrderedList') },
    {
      key: 'link',
      run: () => {
        const url = window.prompt(t('backoffice.content.editor.link_prompt'), 'https://');
        if (url) exec('createLink', url.trim());
      },
    },
    { key: 'unlink', run: () => exec('unlink') },
  ];

  return (
    <div className="bo-rte" data-testid={testId}>
      <div className="bo-rte-head">
        <span id={labelId} className="bo-rte-label">
          {label}
        </span>
        <div className="bo-rte-tools" role="toolbar" aria-labelledby={labelId}>
          {!source &&
            commands.map((c) => (
              <button
                key={c.key}
                type="button"
                className="btn btn-ghost btn-sm"
                // Keeps the text selected while the button is pressed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={c.run}
                title={t(`backoffice.content.editor.${c.key}`)}
                aria-label={t(`backoffice.content.editor.${c.key}`)}
              >
                {t(`backoffice.content.editor.${c.key}_short`)}
              </button>
            ))}
          <button
            type="button"
            className={`btn btn-sm ${source ? 'btn-primary' : 'btn-ghost'}`}
            aria-pressed={source}
            onClick={() => setSource((s) => !s)}
          >
            HTML
          </button>
        </div>
      </div>
      {source ? (
        <textarea
          className="bo-rte-source"
          aria-labelledby={labelId}
          value={value}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a rich text box has no native element
        <div
          ref={box}
          className="bo-rte-box"
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          tabIndex={0}
          contentEditable
          suppressContentEditableWarning
          onInput={(e) => onChange(e.currentTarget.innerHTML)}
        />
      )}
    </div>
  );
}
