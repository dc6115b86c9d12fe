/**
 * OFX element names that always hold a value (leaves) in the signon, bank and credit-card messages.
 * In OFX 1 (SGML) a leaf has no closing tag, so an empty leaf (`<BALAMT>` directly followed by the next
 * tag, as some banks write a balance they do not know) looks like the start of an aggregate; knowing the
 * leaves lets the tokenizer read it as an empty value. A stray closing tag of a leaf (`</DTPOSTED>` after
 * `<DTUSER>…`, seen in real exports) can then be ignored, since leaves never enclose anything.
 */
export const OFX_LEAVES: ReadonlySet<string> = new Set(
  [
    // signon and status
    'CODE SEVERITY MESSAGE DTSERVER USERKEY TSKEYEXPIRE LANGUAGE DTPROFUP DTACCTUP ORG FID SESSCOOKIE ACCESSKEY',
    'TRNUID CLTCOOKIE',
    // statement and account
    'CURDEF BANKID BRANCHID ACCTID ACCTTYPE ACCTKEY DTSTART DTEND BALAMT DTASOF MKTGINFO CURRATE CURSYM',
    // transactions
    'TRNTYPE DTPOSTED DTUSER DTAVAIL DTTRAN TRNAMT FITID CORRECTFITID CORRECTACTION SRVRTID CHECKNUM REFNUM SIC',
    'PAYEEID NAME EXTDNAME MEMO INV401KSOURCE ADDR1 ADDR2 ADDR3 CITY STATE POSTALCODE COUNTRY PHONE',
  ]
    .join(' ')
    .split(' '),
);
