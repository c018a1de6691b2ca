import { LandingPage } from './LandingPage';
import { msg } from '../../shared/messages';

/** /expedicao/transportadora (Transportadora). */
export default function CarrierHome() {
  return <LandingPage note={msg.landingCarrier} />;
}
