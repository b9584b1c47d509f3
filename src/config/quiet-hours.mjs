// @ts-check
// Quiet hours as the owner writes them, in UK time: "22:00-07:00" (WATCH_QUIET_HOURS) or two clock times (the admin's
// Sites tab). One rule for both, in plain JavaScript because the settings schema (read without the bundle) uses it.

/** A clock time, 00:00 to 23:59. */
export const clockTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Quiet hours in one line: from-to, e.g. 22:00-07:00 (across midnight when "to" is the earlier). */
export const quietHoursPattern = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;

/** @typedef {{ fromMinute: number, toMinute: number }} QuietHours */

/** The minute of the day a clock time stands for. @param {string} time HH:MM */
export const minuteOfClock = (time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A minute of the day as a clock time. @param {number} minute */
export const clockOfMinute = (minute) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** "22:00-07:00" as minutes of the day. @param {string} value matching quietHoursPattern @returns {QuietHours} */
export const parseQuietHours = (value) => ({ fromMinute: minuteOfClock(value.slice(0, 5)), toMinute: minuteOfClock(value.slice(6, 11)) });

/** Minutes of the day as "22:00-07:00". @param {QuietHours} hours */
export const quietHoursText = (hours) => `${clockOfMinute(hours.fromMinute)}-${clockOfMinute(hours.toMinute)}`;
