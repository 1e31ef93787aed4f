import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { cn } from '../../../lib/cn.ts';
import { shapeProblems } from '../motion-form.ts';
import { MIN_POINTS, type Shape, nextZoneName } from '../polygon-model.ts';
import { type Drawing, ZoneCanvas, zoneColour } from './zone-canvas.tsx';
import { useSnapshot } from './use-snapshot.ts';

export interface ZoneEditorProps {
  cameraId: string;
  shapes: Shape[];
  onChange(shapes: Shape[]): void;
  /** Tells the dialog a polygon is being drawn (Escape then cancels it rather than closing). */
  onDrawingChange(drawing: boolean): void;
}

/** Masks (never watched) and named zones (the only watched areas) drawn over the camera's picture. */
export function ZoneEditor({ cameraId, shapes, onChange, onDrawingChange }: ZoneEditorProps) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const snapshot = useSnapshot(cameraId, version);
  const [drawing, setDrawingState] = useState<Drawing | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [focusName, setFocusName] = useState<number | null>(null);
  const problems = shapeProblems(shapes);

  const setDrawing = (d: Drawing | null) => {
    setDrawingState(d);
    onDrawingChange(d !== null);
  };
  // Escape cancels the outline being drawn (the dialog then stays open: see onEscapeKeyDown there).
  const isDrawing = drawing !== null;
  useEffect(() => {
    if (!isDrawing) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setDrawingState(null);
      onDrawingChange(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isDrawing, onDrawingChange]);
  useEffect(() => {
    if (focusName === null) return;
    document.getElementById(`zone-name-${focusName}`)?.focus();
    setFocusName(null);
  }, [focusName]);

  const labelOf = (i: number) => {
    const s = shapes[i];
    if (!s) return '';
    if (s.kind === 'zone') return s.name.trim() || t('cameras.zones.unnamed');
    return t('cameras.zones.maskN', { n: shapes.slice(0, i + 1).filter((x) => x.kind === 'mask').length });
  };
  const start = (kind: Shape['kind']) => {
    setSelected(null);
    setDrawing({ kind, points: [] });
  };
  const finish = () => {
    if (!drawing || drawing.points.length < MIN_POINTS) return;
    const shape: Shape =
      drawing.kind === 'zone'
        ? { kind: 'zone', name: nextZoneName(shapes, t('cameras.zones.zoneBase')), points: drawing.points }
        : { kind: 'mask', points: drawing.points };
    onChange([...shapes, shape]);
    setDrawing(null);
    setSelected(shapes.length);
    if (shape.kind === 'zone') setFocusName(shapes.length);
  };
  const remove = (i: number) => {
    onChange(shapes.filter((_, j) => j !== i));
    setSelected(null);
  };
  const rename = (i: number, name: string) =>
    onChange(shapes.map((s, j) => (j === i && s.kind === 'zone' ? { ...s, name } : s)));

  const count = drawing?.points.length ?? 0;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="zones-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="zones-heading" className="text-base font-semibold">
          {t('cameras.zones.title')}
        </h3>
        <Button variant="ghost" className="min-h-8 px-2 py-1" onClick={() => setVersion((v) => v + 1)}>
          {t('cameras.zones.refresh')}
        </Button>
      </div>
      <p className="text-sm text-muted">{t('cameras.zones.help')}</p>
      <ZoneCanvas
        snapshot={snapshot}
        shapes={shapes}
        drawing={drawing}
        selected={selected}
        onShapes={onChange}
        onDrawing={setDrawing}
        onSelect={setSelected}
        onFinish={finish}
        labelOf={labelOf}
      />
      <p className="text-sm text-muted" aria-live="polite" data-testid="zone-status">
        {drawing
          ? t(drawing.kind === 'zone' ? 'cameras.zones.drawingZone' : 'cameras.zones.drawingMask', {
              n: count,
              min: MIN_POINTS,
            })
          : selected !== null
            ? t('cameras.zones.selected', { name: labelOf(selected) })
            : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        {drawing ? (
          <>
            <Button onClick={finish} disabled={count < MIN_POINTS}>
              {t('cameras.zones.finish')}
            </Button>
            <Button variant="secondary" onClick={() => setDrawing(null)}>
              {t('cameras.zones.cancelDrawing')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => start('zone')}>
              {t('cameras.zones.addZone')}
            </Button>
            <Button variant="secondary" onClick={() => start('mask')}>
              {t('cameras.zones.addMask')}
            </Button>
            {selected !== null && (
              <Button variant="secondary" className="text-danger" onClick={() => remove(selected)}>
                {t('cameras.zones.deleteSelected', { name: labelOf(selected) })}
              </Button>
            )}
            {shapes.length > 0 && (
              <Button
                variant="ghost"
                className="text-danger"
                onClick={() => {
                  onChange([]);
                  setSelected(null);
                }}
              >
                {t('cameras.zones.clear')}
              </Button>
            )}
          </>
        )}
      </div>
      {shapes.length === 0 ? (
        <p className="text-sm text-muted">{t('cameras.zones.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('cameras.zones.listLabel')}>
          {shapes.map((s, i) => {
            const problem = problems[i];
            const problemId = `zone-problem-${i}`;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: shapes have no identity beyond their place
                key={i}
                className={cn(
                  'flex flex-wrap items-center gap-2 rounded-md border p-2',
                  selected === i ? 'border-primary' : 'border-line',
                  problem && 'border-danger',
                )}
                data-testid="zone-row"
              >
                <span
                  aria-hidden="true"
                  className="inline-block h-4 w-4 shrink-0 rounded-sm border border-line"
                  style={
                    s.kind === 'mask'
                      ? { background: 'repeating-linear-gradient(45deg,#000 0 3px,#888 3px 5px)' }
                      : { background: zoneColour(shapes, i) }
                  }
                />
                {s.kind === 'zone' ? (
                  <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                    <span className="shrink-0 text-muted">{t('cameras.zones.zoneKind')}</span>
                    <input
                      id={`zone-name-${i}`}
                      className={cn(inputClass, 'min-h-9 min-w-0 flex-1 py-1')}
                      value={s.name}
                      maxLength={40}
                      aria-label={t('cameras.zones.nameLabel', {
                        n: shapes.slice(0, i + 1).filter((x) => x.kind === 'zone').length,
                      })}
                      aria-invalid={problem === 'nameMissing' || problem === 'nameTaken' ? true : undefined}
                      aria-describedby={problem ? problemId : undefined}
                      onChange={(e) => rename(i, e.target.value)}
                    />
                  </label>
                ) : (
                  <span className="flex-1 text-sm">{labelOf(i)}</span>
                )}
                <span className="text-xs text-muted">{t('cameras.zones.points', { count: s.points.length })}</span>
                <Button
                  variant="secondary"
                  className="min-h-9 px-3 py-1"
                  aria-pressed={selected === i}
                  onClick={() => setSelected(selected === i ? null : i)}
                  disabled={drawing !== null}
                >
                  {t('cameras.zones.editPoints')}
                  <span className="sr-only"> {labelOf(i)}</span>
                </Button>
                <Button
                  variant="ghost"
                  className="min-h-9 px-3 py-1 text-danger"
                  aria-label={t('cameras.zones.deleteNamed', { name: labelOf(i) })}
                  onClick={() => remove(i)}
                  disabled={drawing !== null}
                >
                  {t('cameras.zones.delete')}
                </Button>
                {problem && (
                  <p id={problemId} className="w-full text-sm text-danger">
                    {t(`cameras.zones.problem.${problem}`, { min: MIN_POINTS })}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
