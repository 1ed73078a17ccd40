#!/usr/bin/env perl
# Matches one scan's pattern against Swift files after blanking their comments (and, in
# "code" mode, their string literals), so that prose about a rule never trips the rule.
# Usage: scan.pl MODE REGEX FILE...   MODE is "code" or "text".
# Prints "FILE:LINE: original line" for every hit; exits 0 whatever it finds.
use strict;
use warnings;

my ($mode, $pattern, @files) = @ARGV;
my $regex = qr/$pattern/;

for my $file (@files) {
  open(my $fh, '<', $file) or die "scan.pl: cannot read $file: $!\n";
  local $/;
  my $source = <$fh>;
  close($fh);
  my @original = split(/\n/, $source, -1);
  my @stripped = split(/\n/, strip($source, $mode eq 'code'), -1);
  for my $i (0 .. $#stripped) {
    next unless $stripped[$i] =~ $regex;
    my $text = $original[$i] // '';
    $text =~ s/^\s+//;
    print "$file:" . ($i + 1) . ": $text\n";
  }
}

# Replaces comment characters (and string contents when $blank_strings) with spaces,
# keeping every newline so that line numbers stay true.
sub strip {
  my ($s, $blank_strings) = @_;
  my $out = '';
  my $n = length($s);
  my $i = 0;
  my $blank = sub { my $t = shift; $t =~ s/[^\n]/ /g; return $t; };
  while ($i < $n) {
    my $c = substr($s, $i, 1);
    my $two = substr($s, $i, 2);
    if ($two eq '//') {
      my $end = index($s, "\n", $i);
      $end = $n if $end < 0;
      $out .= $blank->(substr($s, $i, $end - $i));
      $i = $end;
    } elsif ($two eq '/*') {
      my $depth = 0;
      my $j = $i;
      while ($j < $n) {
        my $p = substr($s, $j, 2);
        if ($p eq '/*') { $depth++; $j += 2; next; }
        if ($p eq '*/') { $depth--; $j += 2; last if $depth == 0; next; }
        $j++;
      }
      $out .= $blank->(substr($s, $i, $j - $i));
      $i = $j;
    } elsif ($c eq '"' || ($c eq '#' && substr($s, $i) =~ /^(#+)"/)) {
      my $hashes = '';
      if ($c eq '#') { substr($s, $i) =~ /^(#+)/; $hashes = $1; }
      my $start = $i;
      my $j = $i + length($hashes);
      my $multi = substr($s, $j, 3) eq '"""';
      my $close = ($multi ? '"""' : '"') . $hashes;
      $j += $multi ? 3 : 1;
      while ($j < $n) {
        if ($hashes eq '' && substr($s, $j, 1) eq '\\') { $j += 2; next; }
        if (substr($s, $j, length($close)) eq $close) { $j += length($close); last; }
        last if !$multi && substr($s, $j, 1) eq "\n";
        $j++;
      }
      my $literal = substr($s, $start, $j - $start);
      $out .= $blank_strings ? $blank->($literal) : $literal;
      $i = $j;
    } else {
      $out .= $c;
      $i++;
    }
  }
  return $out;
}
