/** User-visible strings of the shell's pages (spec 000 §2.1; kept verbatim). */
export const shellPageMessages = {
  reportsPlaceholder: 'Reports will be available here.',
  /** /admin: the sections the role may open. */
  admin: {
    sections: {
      adminAccount: 'The account, its child accounts and who they are shared with.',
      adminUserManagement: 'Users, their roles and invitations.',
      adminTickets: 'Support tickets filed from the support pane: read, answer and close them.',
      adminMail: 'Mail the portal sent or keeps, with its delivery state.',
      adminSoftware: 'Terminal software versions and releases.',
      adminNetwork: 'Hub networks, beams and their templates.',
    },
    /** The monthly subscription report pane (spec 000 §2.8), opened from here too. */
    subscriptionReport: {
      title: 'Monthly subscription report',
      text: 'Every subscription active in a month, with its usage, as an Excel file.',
      open: 'Open the report',
    },
  },
  /** /welcome when the server has no built welcome page (a development server without it). */
  welcomeUnavailable: {
    title: 'Welcome',
    text: 'The welcome page is not available on this server.',
    signIn: 'Sign in to the portal',
  },
  /** Home (spec 002 §2 "Home"). */
  home: {
    welcome: (name: string) => `Welcome, ${name}`,
    signedInAs: (role: string, account: string) => `Signed in as ${role} · ${account}`,
    overviewTitle: 'Overview',
    overviewLabel: 'Overview tiles',
    statsFailed: 'The overview could not be loaded.',
    tiles: {
      satelliteOnline: 'Satellite Online',
      cellularOnline: 'Cellular Online',
      privateDevices: 'Private Devices',
      pausedDevices: 'Paused Devices',
      activeSubscriptions: 'Active Subscriptions',
      monthlyActiveUsers: 'Monthly Active Users',
      accounts: 'Accounts',
    },
    tileNotes: {
      pausedDevices: 'Provisioned, not activated',
      monthlyActiveUsers: (staff: number, others: number, brand: string) =>
        `${staff.toLocaleString('en-US')} ${brand}, ${others.toLocaleString('en-US')} customers`,
      accounts: (configurator: number) =>
        `${configurator.toLocaleString('en-US')} with configurator access`,
      topPackage: (name: string, n: number) => `Most: ${name} (${n.toLocaleString('en-US')})`,
    },
    recentTitle: 'Recent devices',
    recentEmpty: 'You have not visited any devices recently.',
    recentFailed: 'Recent devices could not be loaded.',
    pricingTitle: 'Product pricing',
    pricingText: 'Configure terminals, accessories and service plans and request a quote.',
    pricingLink: 'Open the configurator pricing',
    marketing: {
      title: 'New: u8 Hawk hybrid terminals',
      text: 'Satellite and cellular in one terminal, switching automatically when a link drops. Keep vessels and vehicles connected on every route.',
      link: 'Read the product documentation',
    },
  },
} as const;
