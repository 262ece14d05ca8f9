import type { SVGProps } from 'react';

/** Outline icons drawn in-house (no icon font or download); decorative unless labelled. */
export type IconName =
  | 'home'
  | 'devices'
  | 'subscriptions'
  | 'jobs'
  | 'api'
  | 'resources'
  | 'tools'
  | 'admin'
  | 'bell'
  | 'support'
  | 'feedback'
  | 'close'
  | 'info'
  | 'warning'
  | 'error'
  | 'success'
  | 'partial'
  | 'progress'
  | 'chevronLeft'
  | 'chevronRight'
  | 'refresh'
  | 'happy'
  | 'meh'
  | 'sad'
  | 'search'
  | 'arrowUp'
  | 'arrowDown'
  | 'sortable'
  | 'columns'
  | 'download'
  | 'edit'
  | 'chevronDown'
  | 'plus'
  | 'maximize'
  | 'trash'
  | 'pin'
  | 'grip'
  | 'resize'
  | 'calendar'
  | 'copy'
  | 'hourglass'
  | 'folder'
  | 'file';

const paths: Record<IconName, string[]> = {
  home: ['M5 12H3l9-9 9 9h-2', 'M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7', 'M10 21v-6h4v6'],
  devices: ['M4 15a8 8 0 0 1 8-8', 'M4 15l6-6', 'M13 4a7 7 0 0 1 7 7', 'M4 20h16', 'M7 20l3-5'],
  subscriptions: ['M6 3h12v18l-3-2-3 2-3-2-3 2z', 'M9 8h6', 'M9 12h6', 'M9 16h4'],
  // A list of tasks with a clock: background jobs.
  jobs: [
    'M4 6h9',
    'M4 12h6',
    'M4 18h6',
    'M17 21a5 5 0 1 0 0-10 5 5 0 0 0 0 10z',
    'M17 14v2l1.5 1.5',
  ],
  api: ['M7 8l-4 4 4 4', 'M17 8l4 4-4 4', 'M14 4l-4 16'],
  resources: [
    'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5z',
    'M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5',
  ],
  tools: [
    'M14.7 6.3a4 4 0 0 0-5.4 5.1L3 17.7V21h3.3l6.3-6.3a4 4 0 0 0 5.1-5.4l-2.6 2.6-2.4-.6-.6-2.4z',
  ],
  admin: ['M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7z', 'M9 12l2 2 4-4'],
  bell: [
    'M10 5a2 2 0 1 1 4 0 7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6',
    'M9 17v1a3 3 0 0 0 6 0v-1',
  ],
  support: [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
    'M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14',
    'M12 17.5v.01',
  ],
  feedback: [
    'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12z',
    'M8 11h.01',
    'M12 11h.01',
    'M16 11h.01',
  ],
  calendar: [
    'M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z',
    'M16 3v4',
    'M8 3v4',
    'M4 11h16',
  ],
  close: ['M18 6L6 18', 'M6 6l12 12'],
  info: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 8h.01', 'M11 12h1v4h1'],
  warning: [
    'M12 9v4',
    'M10.4 3.9L2.5 17.5A1.7 1.7 0 0 0 4 20h16a1.7 1.7 0 0 0 1.5-2.5L13.6 3.9a1.8 1.8 0 0 0-3.2 0z',
    'M12 16.5v.01',
  ],
  error: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M15 9l-6 6', 'M9 9l6 6'],
  success: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M8.5 12.5l2.5 2.5 4.5-5'],
  partial: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 3v18', 'M12 12h9'],
  progress: ['M12 3a9 9 0 1 0 9 9'],
  chevronLeft: ['M15 6l-6 6 6 6'],
  chevronRight: ['M9 6l6 6-6 6'],
  refresh: [
    'M20 11A8 8 0 0 0 5.6 6.4L4 8',
    'M4 4v4h4',
    'M4 13a8 8 0 0 0 14.4 4.6L20 16',
    'M20 20v-4h-4',
  ],
  happy: [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
    'M9 10h.01',
    'M15 10h.01',
    'M8.5 14.5a4.5 4.5 0 0 0 7 0',
  ],
  meh: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M9 10h.01', 'M15 10h.01', 'M9 15h6'],
  sad: [
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
    'M9 10h.01',
    'M15 10h.01',
    'M9 16a4.5 4.5 0 0 1 6 0',
  ],
  search: ['M10 17a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M21 21l-6-6'],
  arrowUp: ['M12 19V5', 'M6 11l6-6 6 6'],
  arrowDown: ['M12 5v14', 'M6 13l6 6 6-6'],
  sortable: ['M8 9l4-4 4 4', 'M8 15l4 4 4-4'],
  columns: ['M4 4h16v16H4z', 'M10 4v16', 'M15 4v16'],
  download: ['M12 4v11', 'M7 10l5 5 5-5', 'M5 20h14'],
  edit: ['M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z', 'M13.5 6.5l4 4'],
  chevronDown: ['M6 9l6 6 6-6'],
  plus: ['M12 5v14', 'M5 12h14'],
  maximize: ['M4 9V4h5', 'M20 9V4h-5', 'M4 15v5h5', 'M20 15v5h-5'],
  trash: ['M4 7h16', 'M10 11v6', 'M14 11v6', 'M6 7l1 13h10l1-13', 'M9 7V4h6v3'],
  pin: ['M12 17v5', 'M9 3h6', 'M10 3v6l-3 4v4h10v-4l-3-4V3'],
  grip: ['M9 6h.01', 'M15 6h.01', 'M9 12h.01', 'M15 12h.01', 'M9 18h.01', 'M15 18h.01'],
  resize: ['M20 14v6h-6', 'M20 20l-7-7', 'M4 10V4h6'],
  copy: ['M9 9h11v11H9z', 'M5 15H4V4h11v1'],
  folder: ['M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z'],
  file: ['M6 3h8l4 4v14H6z', 'M14 3v4h4', 'M9 12h6', 'M9 16h6'],
  hourglass: [
    'M6 3h12',
    'M6 21h12',
    'M7 3c0 5 10 6 10 9s-10 4-10 9',
    'M17 3c0 5-10 6-10 9s10 4 10 9',
  ],
};

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  size?: number;
  /** When set, the icon is announced with this name; otherwise it is hidden from assistive tech. */
  title?: string;
}

export function Icon({ name, size = 20, title, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      {...props}
    >
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
