import './dashboard.css';
import { Route, Routes } from '@dblearn/web/router';
import HubRoute from '../features/hub/routes/hub-route.js';
import ProfileRoute from '../features/profile/routes/profile-route.js';

/** The dashboard area as the shell mounts it (at the root, so the paths are absolute). */
export default function DashboardApp() {
  return (
    <Routes>
      <Route path="/profile" element={<ProfileRoute />} />
      <Route path="/hub" element={<HubRoute />} />
    </Routes>
  );
}
