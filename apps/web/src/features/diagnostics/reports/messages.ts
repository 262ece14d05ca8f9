/** Texts of the diagnostic reports (spec 001 §2 "Diagnostics"; 'None' and 'N/A' are the spec's). */
export const reportMessages = {
  none: 'None',
  notAvailable: 'N/A',
  loading: (report: string) => `Loading the ${report} report`,
  /** Shown with the server's message when a report call fails. */
  serverSaid: (message: string) => `The server said: ${message}`,
  overview: {
    name: 'Overview',
    summary: 'Summary',
    summaryLabel: 'The diagnostic file compared with the portal',
    summaryHint: 'What the diagnostic file says, beside what the portal has for this device.',
    noComparison:
      'No device in the portal carries this antenna serial: there is nothing to compare.',
    differences: (n: number) =>
      n === 0
        ? 'Every known value matches the portal.'
        : `${n} ${n === 1 ? 'value differs' : 'values differ'} from the portal.`,
    field: 'Field',
    diagnostic: 'Diagnostic',
    portal: 'Portal',
    result: 'Result',
    match: 'Match',
    differs: 'Differs',
    notCompared: 'Not compared',
    entitlements: 'Entitlements',
    entitlement: 'Entitlement',
    componentInventory: 'Component inventory',
    component: 'Component',
    value: 'Value',
    serial: 'Serial',
    files: 'Files',
    filesLabel: 'Text files of the diagnostic file',
    fileName: 'Name',
    timestamp: 'Timestamp (UTC)',
    size: 'Size',
    content: 'Content',
    showAll: (lines: number) => `Show all ${lines} lines`,
    showLess: 'Show less',
  },
  tests: {
    summary: 'Summary',
    summaryLabel: (run: string) => `Summary of ${run}`,
    acuSerial: 'ACU Serial',
    antennaSerial: 'Antenna Serial',
    asmSerial: 'ASM Serial',
    status: 'Status',
    start: 'Start (UTC)',
    end: 'End (UTC)',
    pass: 'PASS',
    failed: 'FAIL',
    fail: (failed: number) => `FAIL (${failed})`,
    results: 'Test Results',
    resultsLabel: (run: string) => `Test results of ${run}`,
    details: 'Details',
    showDetails: (name: string) => `Details of ${name}`,
    result: 'Result',
    classname: 'Classname',
    name: 'Name',
    message: 'Message',
    time: 'Time',
    value: 'Value',
    seconds: (s: number) => `${s} s`,
    failedOnly: 'Failed only',
    counts: (failed: number, total: number) =>
      `${failed} of ${total} ${total === 1 ? 'test' : 'tests'} failed`,
    noTests: 'None',
    failCode: (code: number) => `Failure code ${code}`,
  },
  /** The date range of the tracking and metrics reports (spec 001 §2: slider, pickers, reset). */
  range: {
    label: 'Date range (UTC)',
    from: 'From (UTC)',
    to: 'To (UTC)',
    fromThumb: 'Start of the date range',
    toThumb: 'End of the date range',
    reset: 'Reset',
    resetLabel: 'Show the whole log',
    updating: 'Updating the charts',
  },
  /** The downsampling info modal (spec 001 §2). */
  downsampling: {
    button: 'About the data shown',
    title: 'About the data shown',
    intro: (target: number) =>
      `To keep the charts fast, the server draws at most about ${target.toLocaleString('en-US')} points for the selected date range.`,
    how: 'When the range holds more samples, it is cut into equal spans of time, and each span keeps the samples that stand out: the lowest and the highest value. A single deep drop or spike is never averaged away.',
    tracking:
      'For the tracking log, each span keeps the record with the lowest SINR and one more: a record without SINR or with a mute flag when the span has one, else the highest SINR.',
    narrow:
      'Narrow the date range to see more detail: a range with fewer samples than the limit shows every one of them.',
    shown: (points: number, samples: number) =>
      points === samples
        ? `Showing all ${samples.toLocaleString('en-US')} samples of the range.`
        : `Showing ${points.toLocaleString('en-US')} of ${samples.toLocaleString('en-US')} samples of the range.`,
    close: 'Close',
  },
  problems: (n: number) => `${n} ${n === 1 ? 'part' : 'parts'} of the logs could not be read`,
  skippedRows: (n: number) =>
    `${n.toLocaleString('en-US')} ${n === 1 ? 'row was' : 'rows were'} left out (no valid time, or older than the row before).`,
  tracking: {
    name: 'AIM Tracking',
    polar: 'Sky plot of the antenna tracking',
    polarHint:
      'Where the antenna pointed: azimuth around, elevation from the horizon (outside) to the zenith (centre). Colour is the SINR; red arcs are the blockage zones.',
    sinrBand: (from: number | null, to: number | null) =>
      from === null
        ? `SINR < ${to} dB`
        : to === null
          ? `SINR ≥ ${from} dB`
          : `SINR ${from} to ${to} dB`,
    noSinr: 'No SINR',
    muted: 'Mute flag',
    blockage: 'Blockage zone',
    graphs: 'Graphs',
    graphLabel: (field: string) => `${field} over time`,
    empty: 'The diagnostic file has no tracking records in this date range.',
    noLog: 'The diagnostic file has no tracking log.',
  },
  metrics: {
    name: 'Metrics',
    allGraphs: 'All Graphs',
    graphSize: 'Graph Size',
    large: 'Large',
    small: 'Small',
    choose: 'Metrics to show',
    graphLabel: (metric: string, unit: string) =>
      unit ? `${metric} (${unit}) over time` : `${metric} over time`,
    noneChosen: 'Choose a metric to show its graph.',
    empty: 'No samples in this date range.',
    noLog: 'The diagnostic file has no metrics.',
  },
  bist: { name: 'BIST' },
  post: {
    name: 'POST',
    runsLabel: 'Self-test runs, newest first',
    /** A failing run's tab, for screen readers (the icon says it to the eye). */
    runFailed: (run: string) => `${run}, failed`,
    runEmpty: 'Not in the diagnostic file',
    taken: (when: string) => `Run of ${when} UTC`,
  },
} as const;
