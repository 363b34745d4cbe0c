import { withHead } from './page-head';

const INDEX =
  '<html><head><meta charset="UTF-8" /><title>Generic</title>\n' +
  '<meta\n  name="description"\n  content="Generic." />\n<script>theme()</script></head><body></body></html>';

describe('the head of a shared page', () => {
  const hostile = `"><script>alert('x')</script>&`;
  const html = withHead(INDEX, {
    title: hostile,
    cardTitle: hostile,
    description: hostile,
    url: 'https://solescore.example/post/1?a="b"',
    type: 'article',
    image: {
      url: 'https://solescore.example/card.jpg?v=1&x=2',
      width: 1200,
      height: 630,
      alt: hostile,
    },
  });

  it('escapes every value, so no text can close a tag or open a script', () => {
    expect(html).not.toContain(`<script>alert`);
    expect(html).toContain(
      '<title>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</title>',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://solescore.example/card.jpg?v=1&amp;x=2" />',
    );
    expect(html).toContain('content="https://solescore.example/post/1?a=&quot;b&quot;"');
  });

  it('replaces the generic title and description, and keeps the rest of the page', () => {
    expect(html).not.toContain('Generic');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<script>theme()</script>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('asks for a small card when there is no image', () => {
    const plain = withHead(INDEX, {
      title: 't',
      cardTitle: 't',
      description: 'd',
      url: 'https://solescore.example/',
      type: 'website',
      image: null,
    });
    expect(plain).toContain('<meta name="twitter:card" content="summary" />');
    expect(plain).not.toContain('og:image');
  });
});
