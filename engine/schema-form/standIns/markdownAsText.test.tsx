import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Markdown } from './markdownAsText';

describe('Markdown stand-in', () => {
  it("renders the inline markup of rjsf's own strings", () => {
    const { container } = render(<Markdown>{'**photo.png** (image/png, 1024 bytes): _too big_ for `avatar`'}</Markdown>);
    expect(container.innerHTML).toBe('<strong>photo.png</strong> (image/png, 1024 bytes): <em>too big</em> for <code>avatar</code>');
  });

  it('leaves other text and elements as they are', () => {
    expect(render(<Markdown>{'a * b = c_d'}</Markdown>).container.innerHTML).toBe('a * b = c_d');
    expect(
      render(
        <Markdown>
          <span>x</span>
        </Markdown>,
      ).container.innerHTML,
    ).toBe('<span>x</span>');
  });
});
