import { render, screen, within } from '@testing-library/react';
import PostMarkdown from './post-markdown.js';

function rendered(text: string, sandboxCourseId?: string | null): HTMLElement {
  const { container } = render(<PostMarkdown text={text} sandboxCourseId={sandboxCourseId} />);
  return container.firstElementChild as HTMLElement;
}

/** Every element the post became, by tag: only the subset may appear. */
function tags(post: HTMLElement): string[] {
  return [...post.querySelectorAll('*')].map((element) => element.tagName.toLowerCase());
}

describe('PostMarkdown: the safe subset (issue 22)', () => {
  it('renders paragraphs, emphasis, lists, inline code, fenced code and links', () => {
    const post = rendered(
      'Use *LEFT JOIN* and **GROUP BY**.\n\n- first\n- `second`\n\n1. one\n2. two\n\n```\nSELECT 1;\n```\n\nSee [the docs](https://example.com/join).',
    );
    expect(post.querySelectorAll('p')).toHaveLength(2);
    expect(within(post).getByText('LEFT JOIN').tagName).toBe('EM');
    expect(within(post).getByText('GROUP BY').tagName).toBe('STRONG');
    expect([...post.querySelectorAll('ul > li')].map((item) => item.textContent)).toEqual(['first', 'second']);
    expect(within(post).getByText('second').tagName).toBe('CODE');
    expect([...post.querySelectorAll('ol > li')].map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(post.querySelector('pre code')).toHaveTextContent('SELECT 1;');
    const link = within(post).getByRole('link', { name: 'the docs' });
    expect(link).toHaveAttribute('href', 'https://example.com/join');
    expect(link.getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['nofollow', 'noopener']));
  });

  it('shows <script> and raw HTML as text, never as elements', () => {
    const text = '<script>alert(1)</script>\n\n<img src=x onerror=alert(2)> <b onclick="alert(3)">bold</b>\n\n<iframe src="https://evil.example"></iframe>';
    const post = rendered(text);
    expect(tags(post)).toEqual(['p', 'p', 'p']);
    expect(post).toHaveTextContent('<script>alert(1)</script>');
    expect(post).toHaveTextContent('<img src=x onerror=alert(2)> <b onclick="alert(3)">bold</b>');
    expect(post).toHaveTextContent('<iframe src="https://evil.example"></iframe>');
  });

  it('leaves javascript:, data: and vbscript: links inert, and relative ones too', () => {
    const post = rendered(
      '[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](data:text/html;base64,PHNjcmlwdD4=) [d](vbscript:msgbox) [e](/api/users/me) [f](java&#x09;script:alert(1))',
    );
    expect(post.querySelector('a')).toBeNull();
    expect(post).toHaveTextContent('[a](javascript:alert(1))');
  });

  it('makes no image, so no beacon: an image is at most a link to click, autolinks stay text', () => {
    const post = rendered('![beacon](https://tracker.example/pixel.png) and <https://tracker.example/x> and https://bare.example');
    expect(post.querySelector('img, picture, source, object, embed, iframe')).toBeNull();
    // Nothing is fetched when the post is shown: the "image" is a nofollow link a reader may click.
    expect([...post.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['beacon']);
    expect(post).toHaveTextContent('!beacon and <https://tracker.example/x> and https://bare.example');
  });

  it('makes no headings, quotes or tables', () => {
    const post = rendered('# Heading\n\n> quoted\n\n| a | b |\n| - | - |\n| 1 | 2 |');
    expect(tags(post).every((tag) => tag === 'p')).toBe(true);
    expect(post).toHaveTextContent('# Heading');
  });

  it('keeps a ```sql block plain, read-only code when the post chose no sandbox, like any other language', async () => {
    const plain = rendered('```sql\nSELECT * FROM student;\n```\n\n```python\nprint(1)\n```');
    expect(within(plain).getByLabelText('SQL example').tagName).toBe('PRE');
    expect(within(plain).getByLabelText('PYTHON example')).toHaveTextContent('print(1)');
    expect(screen.queryByRole('button', { name: /Run/ })).toBeNull();
  });
});
