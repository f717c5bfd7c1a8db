import { Outlet } from 'react-router';
import './patient.css';

/** The patient area: plain React and CSS (no component library), so phones load little. */
export default function PatientShell() {
  return <Outlet />;
}
