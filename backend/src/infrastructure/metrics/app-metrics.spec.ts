import type { MailMessage } from '../../application/ports/mail.port';
import { AppMetrics } from './app-metrics';
import { MeteredMailSender } from './metered-mail-sender';

const mail: MailMessage = { to: 'ann@example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' };

describe('app metrics', () => {
  it('keeps a registry per app: two apps in one process count apart', async () => {
    const first = new AppMetrics();
    const second = new AppMetrics();
    first.checkoutOpened('created');
    first.checkoutOpened('created');
    second.checkoutOpened('failed');
    expect((await first.scrape()).body).toContain(
      'solescore_checkout_sessions_total{outcome="created"} 2',
    );
    const other = (await second.scrape()).body;
    expect(other).toContain('solescore_checkout_sessions_total{outcome="created"} 0');
    expect(other).toContain('solescore_checkout_sessions_total{outcome="failed"} 1');
  });

  it('reads the lag of every watched source and the rater budget when scraped', async () => {
    const metrics = new AppMetrics();
    let behind = 4;
    metrics.watchLag(async () => [{ subscriber: 'read-models', events: behind }]);
    metrics.watchLag(async () => [{ subscriber: 'reactor:payments', events: 0 }]);
    metrics.watchRaterBudget(async () => 17);
    const first = (await metrics.scrape()).body;
    expect(first).toContain('solescore_subscription_lag_events{subscriber="read-models"} 4');
    expect(first).toContain('solescore_subscription_lag_events{subscriber="reactor:payments"} 0');
    expect(first).toContain('solescore_rater_budget_remaining 17');
    behind = 0;
    expect((await metrics.scrape()).body).toContain(
      'solescore_subscription_lag_events{subscriber="read-models"} 0',
    );
  });

  it('counts mail as sent or failed around the chosen adapter, and passes a failure on', async () => {
    const metrics = new AppMetrics();
    let down = false;
    const sender = new MeteredMailSender(
      {
        send: async () => {
          if (down) throw new Error('SMTP down');
        },
      },
      metrics,
    );
    await sender.send(mail);
    down = true;
    await expect(sender.send(mail)).rejects.toThrow('SMTP down');
    const body = (await metrics.scrape()).body;
    expect(body).toContain('solescore_mails_total{outcome="sent"} 1');
    expect(body).toContain('solescore_mails_total{outcome="failed"} 1');
  });
});
