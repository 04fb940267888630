import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, sendForm } from '../api/client';
import type { BannerGroup, Execution } from '../api/contract/content';
import type {
  AdminAnnouncement,
  AdminBanner,
  AdminPage,
  AnnouncementKind,
  ContentImage,
  ContentStanding,
  ContentState,
  LinkageType,
  LocalizedPair,
  PageKind,
} from '../api/contract/content-admin';
import { errorKey } from '../api/errors';
import { formatDateMinute } from '../ui/format';
import './content-panel.css';
import { ContentPreview } from './content-preview';
import { TaskDialog, useOperatorTask } from './operator-task';
import { useOperatorList } from './panels';
import type { PreviewItem } from './preview-protocol';
import { RichTextEditor } from './rich-text-editor';
import type { PanelProps } from './sections';

/** The home's banners first: the ones most seen. */
const GROUPS: BannerGroup[] = ['w_home', 'w_login', 'w_register', 'w_forget'];
const KINDS: AnnouncementKind[] = ['notice', 'popup', 'promotion', 'agent'];
const EXECUTIONS: Execution[] = ['A', 'B', 'F'];
const LANGS = ['pt', 'en'] as const;
const EMPTY: LocalizedPair = { pt: '', en: '' };
/** "Now" for a draft without a start: fixed while the page is open, so the preview does not redraw for it. */
const OPENED_AT = Date.now();

/** A moment as a `datetime-local` field holds it, in the operator's own time zone. */
function toLocalInput(millis: number | null): string {
  if (millis === null) return '';
  const d = new Date(millis);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const millis = new Date(value).getTime();
  return Number.isNaN(millis) ? null : millis;
}

function scheduleText(t: TFunction, lang: string, startsAt: number | null, endsAt: number | null) {
  if (startsAt === null && endsAt === null) return t('backoffice.content.always');
  const from = startsAt === null ? t('backoffice.content.now') : formatDateMinute(startsAt, lang);
  const to = endsAt === null ? t('backoffice.content.no_end') : formatDateMinute(endsAt, lang);
  return `${from} → ${to}`;
}

function StandingBadge({ standing }: { standing: ContentStanding }) {
  const { t } = useTranslation();
  const tone = standing === 'live' ? 'is-on' : standing === 'scheduled' ? 'is-open' : 'is-off';
  return (
    <span className={`bo-badge ${tone}`} data-standing={standing}>
      {t(`backoffice.content.standings.${standing}`)}
    </span>
  );
}

/** Two text fields, one per language of the site. */
function PairFields({
  label,
  value,
  onChange,
  required,
  max,
}: {
  label: string;
  value: LocalizedPair;
  onChange: (v: LocalizedPair) => void;
  required?: boolean;
  max: number;
}) {
  return (
    <div className="bo-span-all bo-pair">
      {LANGS.map((lang) => (
        <label key={lang} className="field">
          <span>
            {label} ({lang.toUpperCase()})
          </span>
          <input
            value={value[lang]}
            maxLength={max}
            required={required}
            onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
          />
        </label>
      ))}
    </div>
  );
}

/** Rich text in both languages, one language at a time. */
function PairRichText({
  label,
  value,
  onChange,
}: {
  label: string;
  value: LocalizedPair;
  onChange: (v: LocalizedPair) => void;
}) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<'pt' | 'en'>('pt');
  return (
    <div className="bo-span-all bo-rte-pair">
      <fieldset className="chips bo-chip-set">
        <legend className="visually-hidden">{t('backoffice.content.text_language')}</legend>
        {LANGS.map((l) => (
          <button
            key={l}
            type="button"
            className={l === lang ? 'chip is-active' : 'chip'}
            aria-pressed={l === lang}
            onClick={() => setLang(l)}
          >
            {l.toUpperCase()}
            {!value[l].trim() && ' •'}
          </button>
        ))}
      </fieldset>
      <RichTextEditor
        key={lang}
        label={`${label} (${lang.toUpperCase()})`}
        value={value[lang]}
        onChange={(html) => onChange({ ...value, [lang]: html })}
        testId={`bo-rte-${lang}`}
      />
    </div>
  );
}

/** A picture for a banner or promotion: uploaded at once (png, jpg or webp, 2 MB), then chosen by its address. */
function ImageField({
  token,
  value,
  onChange,
  optional,
}: {
  token: string;
  value: string;
  onChange: (url: string) => void;
  optional?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<ContentImage | null>(null);
  return (
    <div className="bo-span-all bo-image-field">
      <label className="field">
        <span>{t(optional ? 'backoffice.content.image_optional' : 'backoffice.content.image')}</span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={busy}
          data-testid="bo-image-file"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            const form = new FormData();
            form.append('file', file);
            setBusy(true);
            setError(null);
            try {
              const image = await sendForm<ContentImage>('uploadContentImage', form, token);
              setInfo(image);
              onChange(image.url);
            } catch (failure) {
              setError((failure as { code?: string }).code ?? 'UNKNOWN');
            } finally {
              setBusy(false);
              e.target.value = '';
            }
          }}
        />
        <small>{t('backoffice.content.image_hint')}</small>
      </label>
      {error && (
        <p className="form-error" role="alert">
          {t(errorKey(error))}
        </p>
      )}
      {value && (
        <div className="bo-image-current">
          <img src={value} alt="" className="bo-content-thumb" />
          <span className="bo-sub">
            {info?.width && info.height
              ? t('backoffice.content.image_size', {
                  width: info.width,
                  height: info.height,
                  kb: new Intl.NumberFormat(i18n.language).format(Math.ceil(info.size / 1024)),
                })
              : value}
          </span>
          {optional && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange('')}>
              {t('backoffice.content.remove_image')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function ScheduleFields({
  startsAt,
  endsAt,
  onChange,
}: {
  startsAt: string;
  endsAt: string;
  onChange: (v: { startsAt: string; endsAt: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="bo-span-all bo-pair">
      <label className="field">
        <span>{t('backoffice.content.starts')}</span>
        <input
          type="datetime-local"
          value={startsAt}
          onChange={(e) => onChange({ startsAt: e.target.value, endsAt })}
        />
        <small>{t('backoffice.content.starts_hint')}</small>
      </label>
      <label className="field">
        <span>{t('backoffice.content.ends')}</span>
        <input
          type="datetime-local"
          value={endsAt}
          onChange={(e) => onChange({ startsAt, endsAt: e.target.value })}
        />
        <small>{t('backoffice.content.ends_hint')}</small>
      </label>
    </div>
  );
}

/** The actions every item has: switch on or off, archive or restore, move up or down in its list. */
function ItemActions({
  item,
  busy,
  onEdit,
  onState,
  onMove,
  first,
  last,
}: {
  item: { active: boolean; archived: boolean };
  busy: boolean;
  onEdit: () => void;
  onState: (state: ContentState) => void;
  onMove: (by: -1 | 1) => void;
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation();
  if (item.archived)
    return (
      <div className="bo-actions">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={busy}
          onClick={() => onState('restored')}
        >
          {t('backoffice.content.actions.restore')}
        </button>
      </div>
    );
  return (
    <div className="bo-actions">
      <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={onEdit}>
        {t('backoffice.content.actions.edit')}
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={busy}
        onClick={() => onState(item.active ? 'off' : 'on')}
      >
        {t(item.active ? 'backoffice.content.actions.off' : 'backoffice.content.actions.on')}
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={busy || first}
        aria-label={t('backoffice.content.actions.up')}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={busy || last}
        aria-label={t('backoffice.content.actions.down')}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm bo-danger"
        disabled={busy}
        onClick={() => onState('archived')}
      >
        {t('backoffice.content.actions.archive')}
      </button>
    </div>
  );
}

/** An id list with one id moved by one place. */
function moved(ids: number[], id: number, by: -1 | 1) {
  const next = [...ids];
  const at = next.indexOf(id);
  const to = at + by;
  if (at < 0 || to < 0 || to >= next.length) return null;
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** The list and its editor, with the operator-task dialog and a reload after every change. */
function useContentPage<T>(token: string, load: () => Promise<T>, onExpired: () => void) {
  const list = useOperatorList(load, onExpired);
  const [state, send] = useOperatorTask(token, onExpired);
  const completed = state.context.completed;
  const { reload } = list;
  useEffect(() => {
    if (completed > 0) reload();
  }, [completed, reload]);
  const ask = (kind: string, summary: Record<string, string>, body: Record<string, unknown>) =>
    send({ type: 'REQUEST', task: { kind, summary, body } });
  return { ...list, state, send, ask, completed };
}

function Toolbar({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="bo-toolbar">
      <h2 className="bo-heading">{title}</h2>
      {children}
    </div>
  );
}

// Banners.

interface BannerDraft {
  id?: number;
  groupName: BannerGroup;
  imageUrl: string;
  title: LocalizedPair;
  subtitle: LocalizedPair;
  linkageType: LinkageType | '';
  linkageTarget: string;
  active: boolean;
  startsAt: string;
  endsAt: string;
}

const bannerDraft = (b?: AdminBanner, group: BannerGroup = 'w_home'): BannerDraft =>
  b
    ? {
        id: b.id,
        groupName: b.groupName,
        imageUrl: b.imageUrl,
        title: b.title,
        subtitle: b.subtitle ?? EMPTY,
        linkageType: b.linkageType ?? '',
        linkageTarget: b.linkageTarget ?? '',
        active: b.active,
        startsAt: toLocalInput(b.startsAt),
        endsAt: toLocalInput(b.endsAt),
      }
    : {
        groupName: group,
        imageUrl: '',
        title: EMPTY,
        subtitle: EMPTY,
        linkageType: '',
        linkageTarget: '',
        active: true,
        startsAt: '',
        endsAt: '',
      };

const bannerPreview =
  (d: BannerDraft) =>
  (lang: 'pt' | 'en'): PreviewItem => ({
    type: 'banner',
    group: d.groupName,
    banner: {
      id: d.id ?? 0,
      groupName: d.groupName,
      url: d.imageUrl,
      title: d.title[lang] || d.title.pt,
      subtitle: d.subtitle[lang] || d.subtitle.pt || null,
      linkageType: d.linkageType || null,
      linkageTarget: d.linkageTarget || null,
    },
  });

/** Banners per group (home, login, registration, forgotten password): picture, texts, link and schedule. */
export function BannersPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [group, setGroup] = useState<BannerGroup | null>(null);
  const [archived, setArchived] = useState(false);
  const load = useCallback(
    () =>
      call('adminBanners', {
        token,
        query: { ...(group ? { group } : {}), archived: archived ? '1' : '0' },
      }),
    [token, group, archived],
  );
  const page = useContentPage(token, load, onExpired);
  const { error, state, ask, completed } = page;
  const data =
    page.data && [...page.data].sort((a, b) => GROUPS.indexOf(a.groupName) - GROUPS.indexOf(b.groupName));
  const [draft, setDraft] = useState<BannerDraft | null>(null);
  const busy = state.hasTag('busy');

  // A saved draft closes its editor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a finished change closes it
  useEffect(() => {
    const result = state.context.result as AdminBanner | null;
    if (completed > 0 && result && 'groupName' in result && draft) setDraft(null);
  }, [completed]);

  const groupLabel = (g: BannerGroup) => t(`backoffice.content.groups.${g}`);
  const save = (d: BannerDraft) =>
    ask(
      'saveBanner',
      {
        title: d.title.pt,
        group: groupLabel(d.groupName),
        schedule: scheduleText(t, i18n.language, fromLocalInput(d.startsAt), fromLocalInput(d.endsAt)),
      },
      {
        ...(d.id !== undefined ? { id: d.id } : {}),
        groupName: d.groupName,
        imageUrl: d.imageUrl,
        title: d.title,
        subtitle: d.subtitle.pt.trim() || d.subtitle.en.trim() ? d.subtitle : null,
        linkageType: d.linkageType || null,
        linkageTarget: d.linkageType ? d.linkageTarget : null,
        active: d.active,
        startsAt: fromLocalInput(d.startsAt),
        endsAt: fromLocalInput(d.endsAt),
      },
    );
  const setState = (b: AdminBanner, to: ContentState) =>
    ask(
      'setBannerState',
      { title: b.title.pt, state: t(`backoffice.content.states.${to}`) },
      { id: b.id, state: to },
    );
  const move = (b: AdminBanner, by: -1 | 1) => {
    const ids = (data ?? []).filter((x) => x.groupName === b.groupName).map((x) => x.id);
    const next = moved(ids, b.id, by);
    if (next)
      ask(
        'orderBanners',
        {
          title: b.title.pt,
          group: groupLabel(b.groupName),
          order: t(`backoffice.content.actions.${by < 0 ? 'up' : 'down'}`),
        },
        { groupName: b.groupName, ids: next },
      );
  };

  return (
    <section className="bo-catalogue bo-content" data-testid="bo-banners">
      <Toolbar title={t('backoffice.tabs.banners')}>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          data-testid="bo-banner-new"
          onClick={() => setDraft(bannerDraft(undefined, group ?? 'w_home'))}
        >
          {t('backoffice.content.new_banner')}
        </button>
      </Toolbar>
      <div className="chips">
        <button
          type="button"
          className={group === null ? 'chip is-active' : 'chip'}
          onClick={() => setGroup(null)}
        >
          {t('backoffice.content.all')}
        </button>
        {GROUPS.map((g) => (
          <button
            key={g}
            type="button"
            className={group === g ? 'chip is-active' : 'chip'}
            onClick={() => setGroup(g)}
          >
            {groupLabel(g)}
          </button>
        ))}
        <button
          type="button"
          className={archived ? 'chip is-active' : 'chip'}
          aria-pressed={archived}
          onClick={() => setArchived((a) => !a)}
        >
          {t('backoffice.content.archived')}
        </button>
      </div>
      {draft && (
        <BannerEditor
          token={token}
          draft={draft}
          onChange={setDraft}
          onCancel={() => setDraft(null)}
          onSave={() => save(draft)}
          busy={busy}
        />
      )}
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {data?.length === 0 && <p className="muted">{t('backoffice.content.none')}</p>}
      <ul className="bo-content-list">
        {data?.map((b) => {
          const siblings = data.filter((x) => x.groupName === b.groupName);
          return (
            <li key={b.id} className="bo-content-item card" data-testid={`bo-banner-${b.id}`}>
              <img src={b.imageUrl} alt="" className="bo-content-thumb" />
              <div className="bo-content-main">
                <strong>{b.title.pt}</strong>
                <span className="bo-sub">{b.title.en}</span>
                <div className="bo-content-meta">
                  <StandingBadge standing={b.standing} />
                  <span>{groupLabel(b.groupName)}</span>
                  <span>{scheduleText(t, i18n.language, b.startsAt, b.endsAt)}</span>
                  {b.linkageType && (
                    <span className="bo-url">
                      {t(`backoffice.content.links.${b.linkageType}`)}: {b.linkageTarget}
                    </span>
                  )}
                </div>
              </div>
              <ItemActions
                item={b}
                busy={busy}
                onEdit={() => setDraft(bannerDraft(b))}
                onState={(to) => setState(b, to)}
                onMove={(by) => move(b, by)}
                first={siblings[0]?.id === b.id}
                last={siblings.at(-1)?.id === b.id}
              />
            </li>
          );
        })}
      </ul>
      <TaskDialog state={state} send={page.send} />
    </section>
  );
}

function BannerEditor({
  token,
  draft,
  onChange,
  onCancel,
  onSave,
  busy,
}: {
  token: string;
  draft: BannerDraft;
  onChange: (d: BannerDraft) => void;
  onCancel: () => void;
  onSave: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<BannerDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="bo-editor card" data-testid="bo-banner-editor">
      <form
        className="bo-editor-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <h3 className="bo-heading">
          {draft.id === undefined ? t('backoffice.content.new_banner') : t('backoffice.content.edit_banner')}
        </h3>
        <div className="bo-form-grid">
          <label className="field">
            <span>{t('backoffice.content.group')}</span>
            <select
              value={draft.groupName}
              onChange={(e) => set({ groupName: e.target.value as BannerGroup })}
            >
              {GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(`backoffice.content.groups.${g}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field bo-check">
            <input
              type="checkbox"
              checked={draft.active}
              onChange={(e) => set({ active: e.target.checked })}
            />
            <span>{t('backoffice.content.active')}</span>
          </label>
          <ImageField token={token} value={draft.imageUrl} onChange={(imageUrl) => set({ imageUrl })} />
          <PairFields
            label={t('backoffice.content.title')}
            value={draft.title}
            onChange={(title) => set({ title })}
            required
            max={120}
          />
          <PairFields
            label={t('backoffice.content.subtitle')}
            value={draft.subtitle}
            onChange={(subtitle) => set({ subtitle })}
            max={200}
          />
          <label className="field">
            <span>{t('backoffice.content.link')}</span>
            <select
              value={draft.linkageType}
              onChange={(e) => set({ linkageType: e.target.value as LinkageType | '' })}
            >
              <option value="">{t('backoffice.content.links.none')}</option>
              {(['route', 'url', 'promotion'] as const).map((l) => (
                <option key={l} value={l}>
                  {t(`backoffice.content.links.${l}`)}
                </option>
              ))}
            </select>
          </label>
          {draft.linkageType && (
            <label className="field">
              <span>{t('backoffice.content.link_target')}</span>
              <input
                value={draft.linkageTarget}
                required
                placeholder={t(`backoffice.content.link_examples.${draft.linkageType}`)}
                onChange={(e) => set({ linkageTarget: e.target.value })}
              />
            </label>
          )}
          <ScheduleFields startsAt={draft.startsAt} endsAt={draft.endsAt} onChange={(s) => set(s)} />
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('backoffice.identity.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !draft.imageUrl}
            data-testid="bo-save"
          >
            {t('backoffice.content.save')}
          </button>
        </div>
      </form>
      {draft.imageUrl ? (
        <ContentPreview build={bannerPreview(draft)} />
      ) : (
        <p className="muted bo-preview-empty">{t('backoffice.content.preview_needs_image')}</p>
      )}
    </div>
  );
}

// Announcements.

interface AnnouncementDraft {
  id?: number;
  kind: AnnouncementKind;
  execution: Execution;
  title: LocalizedPair;
  content: LocalizedPair;
  promotionType: string;
  imageUrl: string;
  active: boolean;
  startsAt: string;
  endsAt: string;
}

const announcementDraft = (a?: AdminAnnouncement, kind: AnnouncementKind = 'notice'): AnnouncementDraft =>
  a
    ? {
        id: a.id,
        kind: a.kind,
        execution: a.execution ?? 'B',
        title: a.title,
        content: a.content,
        promotionType: a.promotionType ?? '',
        imageUrl: a.imageUrl ?? '',
        active: a.active,
        startsAt: toLocalInput(a.startsAt),
        endsAt: toLocalInput(a.endsAt),
      }
    : {
        kind,
        execution: 'B',
        title: EMPTY,
        content: EMPTY,
        promotionType: '',
        imageUrl: '',
        active: true,
        startsAt: '',
        endsAt: '',
      };

const announcementPreview =
  (d: AnnouncementDraft) =>
  (lang: 'pt' | 'en'): PreviewItem => {
    const announcement = {
      id: d.id ?? 0,
      title: d.title[lang] || d.title.pt,
      content: d.content[lang] || d.content.pt,
      startDateStr: fromLocalInput(d.startsAt) ?? OPENED_AT,
    };
    return {
      type: 'announcement',
      kind: d.kind,
      announcement,
      ...(d.kind === 'promotion'
        ? {
            promotion: {
              ...announcement,
              promotionType: d.promotionType || null,
              announcementImages: d.imageUrl ? [{ sequence: 1, url: d.imageUrl }] : [],
            },
          }
        : {}),
    };
  };

/** Notices (the home's bar), popups (execution A, B, F), promotions and the agents' notices. */
export function AnnouncementsPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<AnnouncementKind | null>(null);
  const [archived, setArchived] = useState(false);
  const load = useCallback(
    () =>
      call('adminAnnouncements', {
        token,
        query: { ...(kind ? { kind } : {}), archived: archived ? '1' : '0' },
      }),
    [token, kind, archived],
  );
  const page = useContentPage(token, load, onExpired);
  const { error, state, ask, completed } = page;
  const data = page.data && [...page.data].sort((a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind));
  const [draft, setDraft] = useState<AnnouncementDraft | null>(null);
  const busy = state.hasTag('busy');

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a finished change closes it
  useEffect(() => {
    const result = state.context.result as AdminAnnouncement | null;
    if (completed > 0 && result && 'kind' in result && draft) setDraft(null);
  }, [completed]);

  const kindLabel = (k: AnnouncementKind) => t(`backoffice.content.kinds.${k}`);
  const save = (d: AnnouncementDraft) =>
    ask(
      'saveAnnouncement',
      {
        title: d.title.pt,
        kind: d.kind === 'popup' ? `${kindLabel(d.kind)} (${d.execution})` : kindLabel(d.kind),
        schedule: scheduleText(t, i18n.language, fromLocalInput(d.startsAt), fromLocalInput(d.endsAt)),
      },
      {
        ...(d.id !== undefined ? { id: d.id } : {}),
        kind: d.kind,
        execution: d.kind === 'popup' ? d.execution : null,
        title: d.title,
        content: d.content,
        promotionType: d.kind === 'promotion' && d.promotionType.trim() ? d.promotionType.trim() : null,
        imageUrl: d.kind === 'promotion' && d.imageUrl ? d.imageUrl : null,
        active: d.active,
        startsAt: fromLocalInput(d.startsAt),
        endsAt: fromLocalInput(d.endsAt),
      },
    );
  const setState = (a: AdminAnnouncement, to: ContentState) =>
    ask(
      'setAnnouncementState',
      { title: a.title.pt, kind: kindLabel(a.kind), state: t(`backoffice.content.states.${to}`) },
      { id: a.id, state: to },
    );
  const move = (a: AdminAnnouncement, by: -1 | 1) => {
    const ids = (data ?? []).filter((x) => x.kind === a.kind).map((x) => x.id);
    const next = moved(ids, a.id, by);
    if (next)
      ask(
        'orderAnnouncements',
        {
          title: a.title.pt,
          kind: kindLabel(a.kind),
          order: t(`backoffice.content.actions.${by < 0 ? 'up' : 'down'}`),
        },
        { kind: a.kind, ids: next },
      );
  };

  return (
    <section className="bo-catalogue bo-content" data-testid="bo-announcements">
      <Toolbar title={t('backoffice.tabs.announcements')}>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          data-testid="bo-announcement-new"
          onClick={() => setDraft(announcementDraft(undefined, kind ?? 'notice'))}
        >
          {t('backoffice.content.new_announcement')}
        </button>
      </Toolbar>
      <div className="chips">
        <button
          type="button"
          className={kind === null ? 'chip is-active' : 'chip'}
          onClick={() => setKind(null)}
        >
          {t('backoffice.content.all')}
        </button>
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className={kind === k ? 'chip is-active' : 'chip'}
            onClick={() => setKind(k)}
          >
            {kindLabel(k)}
          </button>
        ))}
        <button
          type="button"
          className={archived ? 'chip is-active' : 'chip'}
          aria-pressed={archived}
          onClick={() => setArchived((a) => !a)}
        >
          {t('backoffice.content.archived')}
        </button>
      </div>
      {draft && (
        <AnnouncementEditor
          token={token}
          draft={draft}
          onChange={setDraft}
          onCancel={() => setDraft(null)}
          onSave={() => save(draft)}
          busy={busy}
        />
      )}
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {data?.length === 0 && <p className="muted">{t('backoffice.content.none')}</p>}
      <ul className="bo-content-list">
        {data?.map((a) => {
          const siblings = data.filter((x) => x.kind === a.kind);
          return (
            <li key={a.id} className="bo-content-item card" data-testid={`bo-announcement-${a.id}`}>
              {a.imageUrl ? (
                <img src={a.imageUrl} alt="" className="bo-content-thumb" />
              ) : (
                <span className="bo-content-thumb bo-content-kind" aria-hidden="true">
                  {a.kind === 'popup' ? a.execution : kindLabel(a.kind).slice(0, 1)}
                </span>
              )}
              <div className="bo-content-main">
                <strong>{a.title.pt}</strong>
                <span className="bo-sub">{a.title.en}</span>
                <div className="bo-content-meta">
                  <StandingBadge standing={a.standing} />
                  <span>{kindLabel(a.kind)}</span>
                  {a.execution && <span>{t(`backoffice.content.executions.${a.execution}`)}</span>}
                  <span>{scheduleText(t, i18n.language, a.startsAt, a.endsAt)}</span>
                </div>
              </div>
              <ItemActions
                item={a}
                busy={busy}
                onEdit={() => setDraft(announcementDraft(a))}
                onState={(to) => setState(a, to)}
                onMove={(by) => move(a, by)}
                first={siblings[0]?.id === a.id}
                last={siblings.at(-1)?.id === a.id}
              />
            </li>
          );
        })}
      </ul>
      <TaskDialog state={state} send={page.send} />
    </section>
  );
}

function AnnouncementEditor({
  token,
  draft,
  onChange,
  onCancel,
  onSave,
  busy,
}: {
  token: string;
  draft: AnnouncementDraft;
  onChange: (d: AnnouncementDraft) => void;
  onCancel: () => void;
  onSave: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<AnnouncementDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="bo-editor card" data-testid="bo-announcement-editor">
      <form
        className="bo-editor-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <h3 className="bo-heading">
          {draft.id === undefined
            ? t('backoffice.content.new_announcement')
            : t('backoffice.content.edit_announcement')}
        </h3>
        <div className="bo-form-grid">
          <label className="field">
            <span>{t('backoffice.content.kind')}</span>
            <select value={draft.kind} onChange={(e) => set({ kind: e.target.value as AnnouncementKind })}>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`backoffice.content.kinds.${k}`)}
                </option>
              ))}
            </select>
          </label>
          {draft.kind === 'popup' && (
            <label className="field">
              <span>{t('backoffice.content.execution')}</span>
              <select
                value={draft.execution}
                onChange={(e) => set({ execution: e.target.value as Execution })}
              >
                {EXECUTIONS.map((x) => (
                  <option key={x} value={x}>
                    {t(`backoffice.content.executions.${x}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="field bo-check">
            <input
              type="checkbox"
              checked={draft.active}
              onChange={(e) => set({ active: e.target.checked })}
            />
            <span>{t('backoffice.content.active')}</span>
          </label>
          <PairFields
            label={t('backoffice.content.title')}
            value={draft.title}
            onChange={(title) => set({ title })}
            required
            max={120}
          />
          {draft.kind === 'promotion' && (
            <>
              <label className="field">
                <span>{t('backoffice.content.promotion_type')}</span>
                <input
                  value={draft.promotionType}
                  maxLength={40}
                  pattern="[A-Za-z0-9_\-]*"
                  onChange={(e) => set({ promotionType: e.target.value })}
                />
              </label>
              <ImageField
                token={token}
                value={draft.imageUrl}
                onChange={(imageUrl) => set({ imageUrl })}
                optional
              />
            </>
          )}
          <ScheduleFields startsAt={draft.startsAt} endsAt={draft.endsAt} onChange={(s) => set(s)} />
          <PairRichText
            label={t('backoffice.content.text')}
            value={draft.content}
            onChange={(content) => set({ content })}
          />
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('backoffice.identity.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="bo-save">
            {t('backoffice.content.save')}
          </button>
        </div>
      </form>
      <ContentPreview build={announcementPreview(draft)} />
    </div>
  );
}

// Help and legal pages.

interface PageDraft {
  id?: number;
  code: string;
  kind: PageKind;
  title: LocalizedPair;
  body: LocalizedPair;
  active: boolean;
  updatedAt?: number;
}

const pageDraft = (p?: AdminPage): PageDraft =>
  p
    ? {
        id: p.id,
        code: p.code,
        kind: p.kind,
        title: p.title,
        body: p.body,
        active: p.active,
        updatedAt: p.updatedAt,
      }
    : { code: '', kind: 'help', title: EMPTY, body: EMPTY, active: true };

const pagePreview =
  (d: PageDraft) =>
  (lang: 'pt' | 'en'): PreviewItem => ({
    type: 'page',
    section: {
      section: d.code || 'preview',
      kind: d.kind,
      title: d.title[lang] || d.title.pt,
      content: d.body[lang] || d.body.pt,
      updatedAt: OPENED_AT,
    },
  });

/** The help centre's pages and the legal pages (terms, privacy, responsible gaming, complaints, licence). */
export function PagesPanel({ token, onExpired }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [archived, setArchived] = useState(false);
  const load = useCallback(
    () => call('adminPages', { token, query: { archived: archived ? '1' : '0' } }),
    [token, archived],
  );
  const page = useContentPage(token, load, onExpired);
  const { data, error, state, ask, completed } = page;
  const [draft, setDraft] = useState<PageDraft | null>(null);
  const busy = state.hasTag('busy');

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a finished change closes it
  useEffect(() => {
    const result = state.context.result as AdminPage | null;
    if (completed > 0 && result && 'code' in result && draft) setDraft(null);
  }, [completed]);

  const save = (d: PageDraft) =>
    ask(
      'savePage',
      { page: `${d.title.pt} (/help#${d.code})`, kind: t(`backoffice.content.page_kinds.${d.kind}`) },
      {
        ...(d.id !== undefined ? { id: d.id } : {}),
        code: d.code.trim().toLowerCase(),
        kind: d.kind,
        title: d.title,
        body: d.body,
        active: d.active,
      },
    );
  const setState = (p: AdminPage, to: ContentState) =>
    ask(
      'setPageState',
      { page: p.title.pt, state: t(`backoffice.content.states.${to}`) },
      { id: p.id, state: to },
    );
  const move = (p: AdminPage, by: -1 | 1) => {
    const next = moved(
      (data ?? []).map((x) => x.id),
      p.id,
      by,
    );
    if (next)
      ask(
        'orderPages',
        { page: p.title.pt, order: t(`backoffice.content.actions.${by < 0 ? 'up' : 'down'}`) },
        { ids: next },
      );
  };

  return (
    <section className="bo-catalogue bo-content" data-testid="bo-pages">
      <Toolbar title={t('backoffice.tabs.pages')}>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          data-testid="bo-page-new"
          onClick={() => setDraft(pageDraft())}
        >
          {t('backoffice.content.new_page')}
        </button>
      </Toolbar>
      <p className="muted">{t('backoffice.content.pages_intro')}</p>
      <div className="chips">
        <button
          type="button"
          className={archived ? 'chip is-active' : 'chip'}
          aria-pressed={archived}
          onClick={() => setArchived((a) => !a)}
        >
          {t('backoffice.content.archived')}
        </button>
      </div>
      {draft && (
        <PageEditor
          draft={draft}
          onChange={setDraft}
          onCancel={() => setDraft(null)}
          onSave={() => save(draft)}
          busy={busy}
        />
      )}
      {error && <p className="form-error">{t(errorKey(error))}</p>}
      {data?.length === 0 && <p className="muted">{t('backoffice.content.none')}</p>}
      <ul className="bo-content-list">
        {data?.map((p, i) => (
          <li key={p.id} className="bo-content-item card" data-testid={`bo-page-${p.code}`}>
            <span className="bo-content-thumb bo-content-kind" aria-hidden="true">
              {p.kind === 'legal' ? '§' : '?'}
            </span>
            <div className="bo-content-main">
              <strong>{p.title.pt}</strong>
              <span className="bo-sub">{p.title.en}</span>
              <div className="bo-content-meta">
                <StandingBadge standing={p.standing} />
                <span>{t(`backoffice.content.page_kinds.${p.kind}`)}</span>
                <a href={`/help#${p.code}`} target="_blank" rel="noreferrer" className="bo-url">
                  /help#{p.code}
                </a>
                <span>
                  {p.edited
                    ? t('backoffice.content.updated', { date: formatDateMinute(p.updatedAt, i18n.language) })
                    : t('backoffice.content.installed_text')}
                </span>
              </div>
            </div>
            <ItemActions
              item={p}
              busy={busy}
              onEdit={() => setDraft(pageDraft(p))}
              onState={(to) => setState(p, to)}
              onMove={(by) => move(p, by)}
              first={i === 0}
              last={i === data.length - 1}
            />
          </li>
        ))}
      </ul>
      <TaskDialog state={state} send={page.send} />
    </section>
  );
}

function PageEditor({
  draft,
  onChange,
  onCancel,
  onSave,
  busy,
}: {
  draft: PageDraft;
  onChange: (d: PageDraft) => void;
  onCancel: () => void;
  onSave: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<PageDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="bo-editor card" data-testid="bo-page-editor">
      <form
        className="bo-editor-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <h3 className="bo-heading">
          {draft.id === undefined ? t('backoffice.content.new_page') : t('backoffice.content.edit_page')}
        </h3>
        <div className="bo-form-grid">
          <label className="field">
            <span>{t('backoffice.content.code')}</span>
            <input
              value={draft.code}
              required
              disabled={draft.id !== undefined}
              pattern="[a-z][a-z0-9\-]{1,39}"
              onChange={(e) => set({ code: e.target.value.toLowerCase() })}
            />
            <small>{t('backoffice.content.code_hint')}</small>
          </label>
          <label className="field">
            <span>{t('backoffice.content.page_kind')}</span>
            <select value={draft.kind} onChange={(e) => set({ kind: e.target.value as PageKind })}>
              {(['help', 'legal'] as const).map((k) => (
                <option key={k} value={k}>
                  {t(`backoffice.content.page_kinds.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field bo-check">
            <input
              type="checkbox"
              checked={draft.active}
              onChange={(e) => set({ active: e.target.checked })}
            />
            <span>{t('backoffice.content.active')}</span>
          </label>
          <PairFields
            label={t('backoffice.content.title')}
            value={draft.title}
            onChange={(title) => set({ title })}
            required
            max={120}
          />
          <PairRichText
            label={t('backoffice.content.text')}
            value={draft.body}
            onChange={(body) => set({ body })}
          />
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('backoffice.identity.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="bo-save">
            {t('backoffice.content.save')}
          </button>
        </div>
      </form>
      <ContentPreview build={pagePreview(draft)} />
    </div>
  );
}
