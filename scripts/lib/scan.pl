#!/usr/bin/env perl
# Runs every scan of a definitions file over a tree in one pass. Each file is read once and
# blanked once per mode: comments always, string literals too in "code" mode, so that prose
# about a rule never trips the rule; newlines are kept so line numbers stay true.
# Usage: scan.pl ROOT DEFINITIONS [SCAN]   (SCAN: run that scan alone)
# Prints, tab-separated, "hit NAME PATH LINE TEXT" per hit and "empty NAME PATHS" per scan
# whose set of files is empty, then "scans N" (the number of distinct scan names).
use strict;
use warnings;
use File::Find;

my ($root, $definitions, $only) = @ARGV;
die "usage: scan.pl ROOT DEFINITIONS [SCAN]\n" unless defined $definitions;

# Parse the definitions into blocks.
my @scans;
open(my $dh, '<', $definitions) or die "scan.pl: cannot read $definitions: $!\n";
my $current;
while (my $line = <$dh>) {
  chomp $line;
  next if $line =~ /^\s*(?:#|$)/;
  my ($key, $value) = $line =~ /^(\w+):\s*(.*)$/ or die "scan.pl: cannot read '$line'\n";
  if ($key eq 'name') {
    $current = { name => $value, paths => [], skip => [], patterns => [] };
    push @scans, $current;
  } elsif ($key eq 'paths' || $key eq 'skip') {
    push @{ $current->{$key} }, split(' ', $value);
  } elsif ($key eq 'pattern') {
    push @{ $current->{patterns} }, $value;
  } else {
    $current->{$key} = $value;
  }
}
close($dh);

# Each scan's patterns as one alternation, compiled once.
$_->{regex} = qr/(?m:(?:@{[ join(')|(?:', @{ $_->{patterns} }) ]}))/ for @scans;

my (%stripped, %original);
my %names;
for my $scan (@scans) {
  $names{ $scan->{name} } = 1;
  next if defined $only && $scan->{name} ne $only;
  my @files = files_of($scan);
  if (!@files) {
    print join("\t", 'empty', $scan->{name}, join(' ', @{ $scan->{paths} })), "\n";
    next;
  }
  my $code = $scan->{mode} eq 'code';
  for my $file (@files) {
    my $key = ($code ? 'c' : 't') . $file;
    $original{$file} //= [split(/\n/, slurp("$root/$file"), -1)];
    # NB: one pass of the scan's regex over the whole blanked file, not one call per line.
    $stripped{$key} //= strip(slurp("$root/$file"), $code);
    my $text = $stripped{$key};
    my %lines;
    my $regex = $scan->{regex};
    while ($text =~ /$regex/g) {
      my $line = (substr($text, 0, $-[0]) =~ tr/\n//) + 1;
      $lines{$line} = 1;
      pos($text) = $+[0] > $-[0] ? $+[0] : $-[0] + 1;
    }
    for my $line (sort { $a <=> $b } keys %lines) {
      my $shown = $original{$file}[$line - 1] // '';
      $shown =~ s/^\s+//;
      print join("\t", 'hit', $scan->{name}, $file, $line, $shown), "\n";
    }
  }
}
print "scans\t" . scalar(keys %names) . "\n";

# The Swift files a scan reads, relative to the root, sorted.
sub files_of {
  my ($scan) = @_;
  my %seen;
  for my $path (@{ $scan->{paths} }) {
    for my $match (glob("$root/$path")) {
      if (-d $match) {
        find({ no_chdir => 1, wanted => sub { $seen{$_} = 1 if -f $_ && /\.swift$/ } }, $match);
      } elsif (-f $match) {
        $seen{$match} = 1;
      }
    }
  }
  my @files;
  FILE: for my $file (sort keys %seen) {
    (my $relative = $file) =~ s/^\Q$root\E\///;
    for my $skip (@{ $scan->{skip} }) { next FILE if $relative eq $skip || index($relative, "$skip/") == 0; }
    push @files, $relative;
  }
  return @files;
}

sub slurp {
  my ($file) = @_;
  open(my $fh, '<', $file) or die "scan.pl: cannot read $file: $!\n";
  local $/;
  my $source = <$fh>;
  close($fh);
  return $source // '';
}

# Replaces comment characters (and string contents when $blank_strings) with spaces,
# keeping every newline.
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
    } elsif ($c eq '"' || ($c eq '#' && substr($s, $i, 20) =~ /^(#+)"/)) {
      my $hashes = '';
      if ($c eq '#') { substr($s, $i, 20) =~ /^(#+)/; $hashes = $1; }
      my $start = $i;
      my $j = $i + length($hashes);
      my $multi = substr($s, $j, 3) eq '"""';
      my $close = ($multi ? '"""' : '"') . $hashes;
      my $open = '\\' . $hashes . '(';
      my $keep = sub { my $t = shift; return $blank_strings ? $blank->($t) : $t; };
      $j += $multi ? 3 : 1;
      while ($j < $n) {
        # NB: skip plain literal text in one step.
        pos($s) = $j;
        if ($s =~ m{\G[^\\"\n#]+}gc) { $j = pos($s); next if $j < $n; last; }
        if (substr($s, $j, length($open)) eq $open) {
          # An interpolation is code inside the literal: it is scanned as code.
          $out .= $keep->(substr($s, $start, $j + length($open) - $start));
          my $k = $j + length($open);
          my $inner = $k;
          my $depth = 1;
          while ($k < $n && $depth > 0) {
            my $ch = substr($s, $k, 1);
            if ($ch eq '"') {
              $k++;
              while ($k < $n && substr($s, $k, 1) ne '"') { $k += substr($s, $k, 1) eq '\\' ? 2 : 1; }
            } elsif ($ch eq '(') {
              $depth++;
            } elsif ($ch eq ')') {
              $depth--;
            }
            $k++;
          }
          $out .= strip(substr($s, $inner, $k - 1 - $inner), $blank_strings) . ')';
          $start = $j = $k;
          next;
        }
        if ($hashes eq '' && substr($s, $j, 1) eq '\\') { $j += 2; next; }
        if (substr($s, $j, length($close)) eq $close) { $j += length($close); last; }
        last if !$multi && substr($s, $j, 1) eq "\n";
        $j++;
      }
      $out .= $keep->(substr($s, $start, $j - $start));
      $i = $j;
    } else {
      # NB: copy the run up to the next character that may open a comment or a literal in
      # one go; a character at a time made the self-test take seconds.
      pos($s) = $i;
      if ($s =~ m{\G([^/"#]+)}gc) {
        $out .= $1;
        $i += length($1);
      } else {
        $out .= $c;
        $i++;
      }
    }
  }
  return $out;
}
