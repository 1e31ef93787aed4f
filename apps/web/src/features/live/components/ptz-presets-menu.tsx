import * as Menu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { ptzDeletePreset, ptzGotoPreset, ptzPresetsQuery, ptzSavePreset } from '../ptz-api.ts';
import { StrokeIcon } from './stroke-icon.tsx';

const ITEM = 'cursor-pointer rounded px-2 py-2.5 text-fg outline-none data-[highlighted]:bg-sunken';

/** The element shown full screen, if any: a menu opened there must be drawn inside it to be seen. */
function useFullscreenElement(): Element | null {
  const [el, setEl] = useState<Element | null>(() => document.fullscreenElement);
  useEffect(() => {
    const on = () => setEl(document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  return el;
}

/**
 * The camera's presets (asked of the camera when the menu opens): go to one, save the current
 * position under a name, delete one. The name is asked in a small form over the tile, which full
 * screen still shows (a dialog in the page's body would be hidden behind it).
 */
export function PtzPresetsMenu({ camera, className }: { camera: { id: string; name: string }; className: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const container = useFullscreenElement();
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const presets = useQuery({ ...ptzPresetsQuery(camera.id), enabled: open });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ptzPresetsQuery(camera.id).queryKey });
  const onError = (e: unknown) => toast({ kind: 'error', text: errorText(e) });
  const goto = useMutation({ mutationFn: (token: string) => ptzGotoPreset(camera.id, token), onError });
  const remove = useMutation({
    mutationFn: (p: { token: string; name: string }) => ptzDeletePreset(camera.id, p.token),
    onSuccess: (_v, p) => {
      refresh();
      toast({ kind: 'success', text: t('live.ptz.presetDeleted', { name: p.name }) });
    },
    onError,
  });
  const label = t('live.ptz.presets', { name: camera.name });
  return (
    <>
      <Menu.Root modal={false} open={open} onOpenChange={setOpen}>
        <Menu.Trigger aria-label={label} title={label} data-testid="ptz-presets" className={className}>
          <StrokeIcon roundCaps>
            <path d="M6 4h12v16l-6-4-6 4z" />
          </StrokeIcon>
        </Menu.Trigger>
        <Menu.Portal container={container ?? undefined}>
          <Menu.Content
            align="start"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-h-80 min-w-56 overflow-y-auto rounded-md border border-line bg-surface p-1 text-sm shadow-lg"
          >
            <Menu.Label className="px-2 py-1.5 font-semibold text-fg">{t('live.ptz.presetsTitle')}</Menu.Label>
            {presets.isPending && <p className="px-2 py-1.5 text-muted">{t('live.ptz.loading')}</p>}
            {presets.isError && <p className="px-2 py-1.5 text-danger">{errorText(presets.error)}</p>}
            {presets.data?.length === 0 && <p className="px-2 py-1.5 text-muted">{t('live.ptz.noPresets')}</p>}
            {presets.data?.map((p) => (
              <Menu.Item key={p.token} className={ITEM} onSelect={() => goto.mutate(p.token)}>
                {t('live.ptz.goto', { name: p.name })}
              </Menu.Item>
            ))}
            <Menu.Separator className="my-1 h-px bg-line" />
            <Menu.Item className={ITEM} onSelect={() => setNaming(true)} data-testid="ptz-save-preset">
              {t('live.ptz.save')}
            </Menu.Item>
            {!!presets.data?.length && (
              <Menu.Sub>
                <Menu.SubTrigger className={ITEM}>{t('live.ptz.delete')}</Menu.SubTrigger>
                <Menu.Portal container={container ?? undefined}>
                  <Menu.SubContent
                    sideOffset={4}
                    collisionPadding={8}
                    className="z-50 max-h-80 min-w-48 overflow-y-auto rounded-md border border-line bg-surface p-1 text-sm shadow-lg"
                  >
                    {presets.data.map((p) => (
                      <Menu.Item key={p.token} className={ITEM} onSelect={() => remove.mutate(p)}>
                        {t('live.ptz.deleteOne', { name: p.name })}
                      </Menu.Item>
                    ))}
                  </Menu.SubContent>
                </Menu.Portal>
              </Menu.Sub>
            )}
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {naming && <SavePresetForm camera={camera} onDone={() => setNaming(false)} onSaved={refresh} />}
    </>
  );
}

function SavePresetForm({
  camera,
  onDone,
  onSaved,
}: {
  camera: { id: string; name: string };
  onDone(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: () => ptzSavePreset(camera.id, name.trim()),
    onSuccess: (p) => {
      onSaved();
      onDone();
      toast({ kind: 'success', text: t('live.ptz.saved', { name: p.name }) });
    },
    onError: (e) => toast({ kind: 'error', text: errorText(e) }),
  });
  return (
    <form
      className="fixed inset-x-2 top-2 z-50 flex flex-wrap items-end gap-2 rounded-md border border-line bg-surface p-3 text-sm text-fg shadow-lg sm:absolute sm:inset-x-auto sm:top-0 sm:left-full sm:ml-2 sm:w-72"
      data-testid="ptz-save-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) save.mutate();
      }}
      onKeyDown={(e) => {
        // The tile's arrow keys steer: typing here must not.
        e.stopPropagation();
        if (e.key === 'Escape') onDone();
      }}
    >
      <label className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-medium">{t('live.ptz.saveName')}</span>
        <input
          // biome-ignore lint/a11y/noAutofocus: the form opens to type one name
          autoFocus
          className="block min-h-11 w-full rounded-md border border-line bg-surface px-3 text-fg"
          value={name}
          maxLength={64}
          onChange={(e) => setName(e.target.value)}
          data-testid="ptz-save-name"
        />
      </label>
      <button
        type="submit"
        className="min-h-11 rounded-md bg-primary px-3 font-medium text-on-primary disabled:opacity-50"
        disabled={!name.trim() || save.isPending}
      >
        {t('live.ptz.saveConfirm')}
      </button>
      <button type="button" className="min-h-11 rounded-md border border-line px-3" onClick={onDone}>
        {t('live.ptz.cancel')}
      </button>
    </form>
  );
}
