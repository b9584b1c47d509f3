/** Accessibility panel settings: the text-size range and step, and the modes it offers. */
export const fontSizeBounds = { min: 80, max: 150, step: 10, default: 100 } as const;

export const a11yToggles = [
  { key: 'contrast', label: 'High Contrast Mode', hint: 'Black text on white, with strong outlines' },
  { key: 'grayscale', label: 'Grayscale Mode', hint: 'Removes colour from the page' },
  { key: 'lineHeight', label: 'Increase Line Spacing', hint: 'More space between lines, words and letters' },
  { key: 'readableFont', label: 'Dyslexia-Friendly Font', hint: 'Switches text to OpenDyslexic' },
  { key: 'highlightLinks', label: 'Highlight Links', hint: 'Marks every link clearly' },
] as const;

export const a11yMessages = {
  resetTitle: 'Settings Reset',
  resetText: 'All accessibility settings have been reset to default.',
  complianceNote: 'These settings help this site meet WCAG 2.1 AA and the UK Equality Act 2010.',
  unavailableTitle: 'Accessibility options unavailable',
  unavailableText: 'They could not be loaded. Please check your connection and try again.',
} as const;
