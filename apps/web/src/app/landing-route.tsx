import { WelcomePanel } from '../features/landing/components/welcome-panel.tsx';
import { LandingPage } from '../features/landing/pages/landing-page.tsx';
import { useSession } from '../lib/session/session-context.ts';

/** "/" inside the app: a signed-in visitor also sees where they stand and the way in. */
export function LandingRoute() {
  const { me } = useSession();
  return <LandingPage welcome={me ? <WelcomePanel /> : null} />;
}
