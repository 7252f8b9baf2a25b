import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../testing/harness';
import { FormattedValue, isImageAddress } from './formatValue';

const i18n = createTestI18n({ pictures: { alt: 'Picture of {{name}}' } });
const draw = (row: Record<string, unknown>, template?: string) =>
  render(
    <I18nextProvider i18n={i18n}>
      <FormattedValue row={row} column={{ field: 'picture', format: 'image', ...(template ? { template } : {}) }} />
    </I18nextProvider>,
  ).container;

describe('format: image', () => {
  it('draws a path on the site or a web address as an image, worded by the template', () => {
    const image = draw({ picture: '/api/pictures/3', name: 'Kiwi' }, 'pictures.alt').querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/api/pictures/3');
    expect(image.getAttribute('alt')).toBe('Picture of Kiwi');
    expect(image.dataset.field).toBe('picture');
    expect(draw({ picture: 'https://cdn.example/a.png' }).querySelector('img')!.getAttribute('alt')).toBe('');
  });

  it('draws nothing for an address an image must not come from, nor for none', () => {
    for (const picture of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.png', '/\\evil.example', 'pictures/3', '']) {
      expect(draw({ picture }).querySelector('img')).toBeNull();
      expect(isImageAddress(picture)).toBe(false);
    }
    expect(draw({}).querySelector('img')).toBeNull();
  });
});

describe('format: paths and lists', () => {
  const drawColumn = (row: Record<string, unknown>, field: string) =>
    render(
      <I18nextProvider i18n={i18n}>
        <FormattedValue row={row} column={{ field }} />
      </I18nextProvider>,
    ).container;

  it('reads a dot path inside the row', () => {
    expect(drawColumn({ owner: { name: 'Kiwi Ltd' } }, 'owner.name').textContent).toBe('Kiwi Ltd');
  });

  it('draws a list of plain values as a list, one item a line', () => {
    const items = [...drawColumn({ duties: ['Deliver weekly', 'Report monthly'] }, 'duties').querySelectorAll('ul[data-field="duties"] li')];
    expect(items.map((item) => item.textContent)).toEqual(['Deliver weekly', 'Report monthly']);
  });
});
