/**
 * The report builders' own texts (not the spec's): why a self-test report could not be shown,
 * and the labels of the overview's comparison with the asset system.
 */
export const REPORT_MESSAGES = {
  /** A TestRun's `problem` when the file exists but its data cannot be shown. */
  testRunProblem: {
    empty: 'The report is empty.',
    tooLarge: (maxMiB: number) => `The report is larger than ${maxMiB} MiB and was not read.`,
    unreadable: 'The report could not be read.',
    notJson: 'The report is not valid JSON.',
    wrongShape: 'The report does not have the expected fields.',
  },
  /** The `field` of the overview's comparison rows. */
  comparisonField: {
    antennaSerial: 'Antenna serial',
    softwareVersion: 'Software version',
    componentSerial: (componentType: string) => `${componentType} serial`,
    features: 'Features',
  },
} as const;
