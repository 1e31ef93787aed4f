import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { MicrophoneError, TalkConnectionError, Talkback, type TalkState } from '../talkback.ts';
import { StrokeIcon } from './stroke-icon.tsx';

/**
 * Push-to-talk on a live tile, for cameras with a loudspeaker (an ONVIF audio backchannel):
 * held with the mouse or a finger (pointer events, captured so a release outside still counts)
 * or with Space or Enter, released to stop. Operators, managers and owners; nobody else sees it.
 */
export function TalkButton({
  camera,
  disabled,
}: {
  camera: { id: string; name: string; onvif?: { audioBackchannel: boolean } | null };
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const toast = useToast();
  const errorText = useErrorText();
  const [state, setState] = useState<TalkState>('idle');
  const talk = useRef<Talkback | null>(null);
  talk.current ??= new Talkback(camera.id, setState);
  useEffect(() => () => talk.current?.release(), []);

  if (!camera.onvif?.audioBackchannel || !session.hasAnyRole(['operator', 'manager', 'admin'])) return null;

  const press = () => {
    if (disabled) return;
    talk.current!.press().catch((e) =>
      toast({
        kind: 'error',
        text:
          e instanceof MicrophoneError
            ? t('live.talk.noMicrophone')
            : e instanceof TalkConnectionError
              ? t('live.talk.noConnection', { name: camera.name })
              : errorText(e),
      }),
    );
  };
  const release = () => talk.current!.release();
  const holdKey = (e: React.KeyboardEvent) => e.key === ' ' || e.key === 'Enter';
  // The name stays put while held (a focused control whose name changes is announced unevenly);
  // aria-pressed says it is on, the tooltip and the visible word say what is happening.
  const label = t('live.talk.hold', { name: camera.name });
  const doing =
    state === 'talking'
      ? t('live.talk.talking', { name: camera.name })
      : state === 'connecting'
        ? t('live.talk.connecting', { name: camera.name })
        : label;

  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={state !== 'idle'}
      title={doing}
      disabled={disabled}
      data-testid="talk-button"
      data-state={state}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        // Captured, a release off the button still ends the talk (a pointer the browser no longer
        // tracks cannot be captured: the button's own up and cancel still end it).
        try {
          e.currentTarget.setPointerCapture(e.pointerId);
        } catch {}
        press();
      }}
      onPointerUp={release}
      onPointerCancel={release}
      onLostPointerCapture={release}
      onKeyDown={(e) => {
        if (!holdKey(e)) return;
        e.preventDefault();
        if (!e.repeat) press();
      }}
      onKeyUp={(e) => holdKey(e) && release()}
      onBlur={release}
      onContextMenu={(e) => e.preventDefault()}
      className={`flex h-9 min-w-9 touch-none select-none items-center justify-center gap-1 rounded px-2 text-base focus-visible:outline focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40 ${
        state === 'idle' ? 'bg-black/60 text-white hover:bg-black/80' : 'bg-danger text-on-danger'
      }`}
    >
      <StrokeIcon roundCaps>
        <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM6 11a6 6 0 0 0 12 0M12 17v4M9 21h6" />
      </StrokeIcon>
      {state !== 'idle' && (
        <span className="text-xs font-semibold" aria-hidden>
          {state === 'talking' ? t('live.talk.on') : '…'}
        </span>
      )}
    </button>
  );
}
