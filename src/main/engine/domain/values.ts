// The value sets live with the renderer's in src/shared (one definition for both sides).
export * from '../../../shared/api-values';
