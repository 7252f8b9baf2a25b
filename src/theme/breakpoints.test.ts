import { describe, expect, it } from 'vitest';
import { breakpoints, customMediaRules } from './breakpoints.ts';

describe('breakpoints', () => {
  it('are the widths of document 000 section 1', () => {
    expect(breakpoints).toEqual({
      mobile: 476,
      largePhone: 576,
      tabBarHidden: 601,
      tablet: 768,
      phablet: 871,
      smallDesktop: 992,
      laptop: 1024,
      desktop: 1280,
    });
  });

  it('render as custom media, mobile as "narrower than" and the rest as "at least"', () => {
    expect(customMediaRules().split('\n')).toEqual([
      '@custom-media --mobile (width < 476px);',
      '@custom-media --large-phone (width >= 576px);',
      '@custom-media --tab-bar-hidden (width >= 601px);',
      '@custom-media --tablet (width >= 768px);',
      '@custom-media --phablet (width >= 871px);',
      '@custom-media --small-desktop (width >= 992px);',
      '@custom-media --laptop (width >= 1024px);',
      '@custom-media --desktop (width >= 1280px);',
    ]);
  });
});
