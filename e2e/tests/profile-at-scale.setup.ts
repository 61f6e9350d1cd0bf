import { test as setup } from '@playwright/test';
import { seedProfileAtScale } from './support/profile-at-scale.js';

// Runs beside the chromium project; the dashboard's @alone timing test reads what it made.
setup('a learner with 50 saved questions, 50 finished projects and 200 read tutorials', async ({ request }) => {
  setup.setTimeout(180_000);
  await seedProfileAtScale(request);
});
