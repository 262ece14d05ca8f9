/** A range of a bundle's logs to ask for (ISO, UTC): the reports' fromDate and toDate. */
export interface SeriesRange {
  fromDate: string;
  toDate: string;
}
