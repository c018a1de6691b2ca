import { LandingPage } from './LandingPage';
import { msg } from '../../shared/messages';

/** /expedicao/painel (Expedicao, Espectador, Portaria). */
export default function DispatchHome() {
  return <LandingPage note={msg.landingDispatch} />;
}
