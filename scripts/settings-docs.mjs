// What is generated from the settings schema (src/config/settings.mjs): the configuration table of
// docs/configuration.md and the body of the production recipe's environment file. Read by `npm run settings:table`
// and the tests that keep the files equal to it, never by the server.
import { settingDefinitions } from '../src/config/settings.mjs';

/** @param {import('../src/config/setting-kinds.mjs').SettingDoc} setting what the table and the env file show as its default */
const shownDefault = (setting) => setting.default ?? setting.shown ?? 'unset';

/** The configuration table of docs/configuration.md. */
export function settingsTable() {
  const rows = Object.values(settingDefinitions).map((setting) => {
    const shown = shownDefault(setting);
    const cell = shown !== 'unset' && (shown.startsWith('"') || /^[\w./:-]+$/.test(shown)) ? `\`${shown}\`` : shown;
    return `| \`${setting.env}\` | ${cell} | ${setting.when} | ${setting.meaning} |`;
  });
  return ['| Variable | Default | Read at | Meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/**
 * The production recipe's environment file (deploy/hale-digital.env): every setting the server or the build reads,
 * with its meaning; those the recipe sets are set, the others commented out at their default.
 * @param {Record<string, string>} set
 */
export function settingsEnvFile(set) {
  const blocks = Object.values(settingDefinitions)
    .filter((setting) => setting.when !== 'test')
    .map((setting) => {
      const name = setting.env;
      const value = set[name] ?? setting.default ?? '';
      const meaning = `${setting.meaning} (default: ${shownDefault(setting)}; read at ${setting.when}).`.replace(/`/g, '');
      const comment = wrap(meaning, 116).map((line) => `# ${line}`);
      return [...comment, `${name in set ? '' : '#'}${name}=${value}`].join('\n');
    });
  return blocks.join('\n\n');
}

/** @param {string} text @param {number} width */
function wrap(text, width) {
  const lines = [''];
  for (const word of text.split(/\s+/)) {
    const last = lines.length - 1;
    if (lines[last] && lines[last].length + 1 + word.length > width) lines.push(word);
    else lines[last] = lines[last] ? `${lines[last]} ${word}` : word;
  }
  return lines;
}
