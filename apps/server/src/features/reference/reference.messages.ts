/** Answers of the reference calls (the spec shows none for these cases). */
export const referenceMessages = {
  productNotFound: 'Product not found.',
  modemTypeNotFound: 'Modem type not found.',
} as const;
