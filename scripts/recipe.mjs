import { settingsEnvFile } from './settings-docs.mjs';

// The production recipe's own facts (deploy/): where it puts the app, its data and its user, and the settings it
// gives the app. The systemd units in deploy/ name the same paths; a unit test keeps them equal.
export const recipe = {
  user: 'hale',
  appDir: '/srv/hale-digital',
  dataDir: '/var/lib/hale-digital',
  envFile: '/etc/hale-digital/env',
  /** The app's port (one instance; the unit is a template, `hale-digital@PORT`). */
  port: 8080,
  /** Settings the recipe sets (the rest of the template lists every other setting, commented out at its default). */
  settings: {
    SITE_URL: 'https://www.example.co.uk',
    HOST: '127.0.0.1',
    DATABASE_URL: 'file:/var/lib/hale-digital/site.db',
    // Caddy is the one proxy in front: the client is the address it appends to X-Forwarded-For.
    TRUST_PROXY: '1',
  },
};

/** deploy/hale-digital.env, as `npm run settings:table` writes it (a unit test keeps the file equal to it). */
export function recipeEnvFile() {
  return `# The website's settings, for ${recipe.envFile} (read by the systemd units in deploy/).
# Generated from src/config/settings.mjs by \`npm run settings:table\`: the recipe's values are set, every other setting
# is listed at its default, commented out. Set SITE_URL to your address; SMTP_URL and CONTACT_TO so enquiries are
# e-mailed. Keep this file readable by root and the site's user only (it holds the database and mail passwords).

${settingsEnvFile(recipe.settings)}
`;
}
