import { describe, expect, it } from "vitest";
import { parseAuthenticationResults, senderVerdict } from "./authentication-results.ts";
import { aligned, organisationalDomain } from "./organisational-domain.ts";

const OURS = ["mx.floricola.test"];
const CLIENT = "maria@rosasdelvalle.ec";

describe("who sent an email, as our receiving server found it", () => {
  it("reads Gmail's header: its server, each method's result and properties, comments and quotes aside", () => {
    const header = `mx.google.com;
       dkim=pass header.i=@rosasdelvalle.ec header.s=s1 header.b="Ab;C(d)";
       spf=pass (google.com: domain of maria@rosasdelvalle.ec designates 203.0.113.5 as permitted sender; ok) smtp.mailfrom=maria@rosasdelvalle.ec;
       dmarc=pass (p=QUARANTINE sp=NONE dis=NONE) header.from=rosasdelvalle.ec`;
    const parsed = parseAuthenticationResults(header);
    expect(parsed.authservId).toBe("mx.google.com");
    expect(parsed.results.map(({ method, result }) => `${method}=${result}`)).toEqual([
      "dkim=pass",
      "spf=pass",
      "dmarc=pass",
    ]);
    expect(parsed.results[1]?.properties.get("smtp.mailfrom")).toBe("maria@rosasdelvalle.ec");
    expect(parsed.results[0]?.properties.get("header.b")).toBe("ab;c(d)");
    expect(parseAuthenticationResults("mx.floricola.test 1; none").results).toEqual([]);
  });

  it("takes a DMARC pass or fail of the From domain from our server's topmost header", () => {
    expect(senderVerdict(["mx.floricola.test; dmarc=pass header.from=rosasdelvalle.ec"], CLIENT, OURS)).toBe(
      "verified",
    );
    expect(
      senderVerdict(
        ["mx.floricola.test; spf=fail smtp.mailfrom=x.test; dmarc=fail header.from=rosasdelvalle.ec"],
        CLIENT,
        OURS,
      ),
    ).toBe("failed");
    // Our server's authserv-id is written in any case.
    expect(senderVerdict(["MX.Floricola.TEST; dmarc=pass"], CLIENT, OURS)).toBe("verified");
    // A DMARC verdict about another domain says nothing about this From.
    expect(senderVerdict(["mx.floricola.test; dmarc=pass header.from=attacker.example"], CLIENT, OURS)).toBe(
      "unverified",
    );
    expect(senderVerdict(["mx.floricola.test; dmarc=none header.from=rosasdelvalle.ec"], CLIENT, OURS)).toBe(
      "unverified",
    );
  });

  it("without DMARC, counts an SPF or DKIM pass only for a domain aligned with the From", () => {
    const verdict = (results: string) => senderVerdict([`mx.floricola.test; ${results}`], CLIENT, OURS);
    expect(verdict("spf=pass smtp.mailfrom=rebotes@correo.rosasdelvalle.ec")).toBe("verified");
    expect(verdict("dkim=pass header.d=rosasdelvalle.ec")).toBe("verified");
    expect(verdict("dkim=pass header.i=@envios.rosasdelvalle.ec")).toBe("verified");
    expect(verdict("spf=pass smtp.mailfrom=bounces@sendgrid.example")).toBe("unverified");
    expect(verdict("dkim=pass header.d=attacker.example")).toBe("unverified");
    expect(verdict("spf=softfail smtp.mailfrom=rosasdelvalle.ec; dkim=fail header.d=rosasdelvalle.ec")).toBe(
      "unverified",
    );
  });

  it("ignores a header the sender wrote: another server's, or ours below our server's own", () => {
    // The attacker's own "dmarc=pass", under the real verdict of our server.
    const forgedBelow = [
      "mx.floricola.test; spf=fail smtp.mailfrom=attacker.example; dmarc=fail header.from=rosasdelvalle.ec",
      "mx.floricola.test; dmarc=pass header.from=rosasdelvalle.ec",
    ];
    expect(senderVerdict(forgedBelow, CLIENT, OURS)).toBe("failed");
    // A server that writes no DMARC line: the forged pass below still does not count.
    expect(
      senderVerdict(
        [
          "mx.floricola.test; spf=none smtp.mailfrom=attacker.example",
          "mx.floricola.test; dkim=pass header.d=rosasdelvalle.ec",
        ],
        CLIENT,
        OURS,
      ),
    ).toBe("unverified");
    // The topmost header is not our server's: nothing counts.
    expect(senderVerdict(["mx.google.com; dmarc=pass header.from=rosasdelvalle.ec"], CLIENT, OURS)).toBe("unverified");
    // Without INBOUND_AUTHSERV_ID nobody is verified, whatever the headers say.
    expect(senderVerdict(["mx.floricola.test; dmarc=pass header.from=rosasdelvalle.ec"], CLIENT, [])).toBe(
      "unverified",
    );
    expect(senderVerdict([], CLIENT, OURS)).toBe("unverified");
  });

  it("aligns domains by the name someone registered, not by a shared public suffix", () => {
    expect(organisationalDomain("correo.rosasdelvalle.ec")).toBe("rosasdelvalle.ec");
    expect(organisationalDomain("envios.rosas.com.ec")).toBe("rosas.com.ec");
    expect(organisationalDomain("mail.finca.co.uk")).toBe("finca.co.uk");
    expect(aligned("rosas.com.ec", "attacker.com.ec")).toBe(false);
    expect(aligned("mail.rosas.com.ec", "rosas.com.ec")).toBe(true);
    expect(aligned("rosasdelvalle.ec.attacker.example", "rosasdelvalle.ec")).toBe(false);
  });
});
