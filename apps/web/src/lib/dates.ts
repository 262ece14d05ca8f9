import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

// NOTE: thresholds and words follow the wording the app has shown since its first release
// (date-fns's formatDistance): "less than a minute ago", "1 minute ago", "about 1 hour ago".
dayjs.extend(relativeTime, {
  thresholds: [
    { l: 's', r: 29, d: 'second' },
    { l: 'm', r: 89 },
    { l: 'mm', r: 44, d: 'minute' },
    { l: 'h', r: 89 },
    { l: 'hh', r: 23, d: 'hour' },
    { l: 'd', r: 41 },
    { l: 'dd', r: 29, d: 'day' },
    { l: 'M', r: 44 },
    { l: 'MM', r: 11, d: 'month' },
    { l: 'y', r: 17 },
    { l: 'yy', d: 'year' },
  ],
});

const distanceLocale: ILocale = {
  name: 'en-distance',
  formats: {},
  relativeTime: {
    future: 'in %s',
    past: '%s ago',
    s: 'less than a minute',
    m: '1 minute',
    mm: '%d minutes',
    h: 'about 1 hour',
    hh: 'about %d hours',
    d: '1 day',
    dd: '%d days',
    M: 'about 1 month',
    MM: '%d months',
    y: 'about 1 year',
    yy: '%d years',
  },
};

/** How long before `now` a moment was, in words: "5 minutes ago", "less than a minute ago". */
export function formatTimeAgo(date: Date | number, now: Date | number): string {
  return dayjs(date).locale(distanceLocale).from(now);
}

/** A moment as lists show it, in the browser's time zone: "2026-11-27 08:25". */
export function formatDateTime(date: Date | number | string): string {
  return dayjs(date).format('YYYY-MM-DD HH:mm');
}
